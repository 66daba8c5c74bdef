/** The API changelog from contract/releases/, written as a docs page (so it has a Markdown twin and is in llms.txt) and as an Atom feed. */
import type {OpenApiDocument} from '../contract/compile';
import {manyOperationsLine, type ChangeWords} from '../contract/change-words';
import {changeLine, diffContracts, type ChangeKind, type ContractChange} from '../contract/diff';
import {referencePath} from '../contract/operations';
import {latestRelease, readReleaseDocument, readReleases, type Release} from '../contract/releases';
import {operationsOf, REPLACED_BY_EXTENSION, SUNSET_EXTENSION} from '../openapi';
import {API_CHANGELOG_CHANGES_PATH, API_CHANGELOG_FEED_PATH} from '../paths';
import {SEARCH_FRONT_MATTER} from '../search/headings-only';

export interface ChangelogEntry {
  release?: Release;
  changes: ContractChange[];
}

/** From this many operations, a sort of change is told once for the whole entry. */
export const MANY_OPERATIONS = 20;

/** Each release against the one before; needs only contract/releases/. */
export function releaseEntries(releases = readReleases(), load = readReleaseDocument): ChangelogEntry[] {
  const documents = releases.map((release) => load(release.version));
  return releases.map((release, index) => ({
    release,
    // Everything in the first release is new.
    changes: diffContracts(index === 0 ? {...documents[0], paths: {}} : documents[index - 1], documents[index]),
  }));
}

export function unreleasedChanges(current: OpenApiDocument, latest = latestRelease(), load = readReleaseDocument): ContractChange[] {
  return latest ? diffContracts(load(latest.version), current) : [];
}

export function changelogEntries(current: OpenApiDocument, released = releaseEntries(), load = readReleaseDocument): ChangelogEntry[] {
  return withUnreleased(released, unreleasedChanges(current, released.at(-1)?.release, load));
}

/** "Unreleased" only when there are changes. */
export function withUnreleased(released: ChangelogEntry[], unreleased: ContractChange[]): ChangelogEntry[] {
  return [...released, ...(unreleased.length ? [{changes: unreleased}] : [])].reverse();
}

const KIND_ORDER: ChangeKind[] = ['breaking', 'deprecated', 'added', 'changed'];

const entryTitle = (entry: ChangelogEntry) => (entry.release ? `${entry.release.version} (${entry.release.date})` : 'Unreleased');

/** An entry's anchor, as Docusaurus slugs it: "2.0.0 (2026-11-25)" is `200-2026-11-25`. */
export const changelogAnchor = (release: Release | undefined): string => (release ? `${release.version.replace(/\./g, '')}-${release.date}` : 'unreleased');

export const changesListPath = (entry: ChangelogEntry): string => `${API_CHANGELOG_CHANGES_PATH}/${entry.release?.version ?? 'unreleased'}.txt`;

/** An entry's complete list of changes, as `npm run contract:diff` prints them. */
export function changesList(entry: ChangelogEntry): string {
  return `${[`${entry.release ? `Release ${entry.release.version}` : 'Unreleased changes'}: ${entry.changes.length} change(s)`, ...entry.changes.map(changeLine)].join('\n')}\n`;
}

export function deprecations(current: OpenApiDocument): {operationId: string; method: string; path: string; sunset?: string; replacedBy?: string}[] {
  return operationsOf(current)
    .filter(({operation}) => operation.deprecated === true)
    .map(({operation, method, path}) => ({
      operationId: operation.operationId,
      method,
      path,
      sunset: operation[SUNSET_EXTENSION],
      replacedBy: operation[REPLACED_BY_EXTENSION],
    }));
}

export interface Note {
  text: string;
  kind: ChangeKind;
  listed?: ChangeWords['listed'];
}

export interface OperationNotes {
  method: string;
  path: string;
  /** Title and reference page, while the current contract has it. */
  title?: string;
  href?: string;
  notes: Note[];
}

export interface EntryNotes {
  acrossOperations: Note[];
  operations: OperationNotes[];
}

const byKind = (a: Note, b: Note) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
const operationKey = (change: ContractChange) => (change.operation ? `${change.operation.method} ${change.operation.path}` : '');

/** An operation added or removed, and a deprecation, are always told with their operation. */
export function entryNotes(changes: ContractChange[], current: OpenApiDocument): EntryNotes {
  const sortKey = (change: ContractChange) => `${change.words.sort} ${change.words.counted?.as ?? ''}`;
  const sorts = new Map<string, ContractChange[]>();
  for (const change of changes) sorts.set(sortKey(change), [...(sorts.get(sortKey(change)) ?? []), change]);
  const acrossOperations: Note[] = [];
  const many = new Set<string>();
  for (const [key, group] of sorts) {
    const operations = new Set(group.map(operationKey));
    const alwaysPerOperation = group.some((change) => change.kind === 'deprecated' || change.pointer.length <= 3);
    if (operations.size < MANY_OPERATIONS || alwaysPerOperation) continue;
    many.add(key);
    const {sort, counted, listed} = group[0].words;
    const fields = counted
      ? {fields: new Set(group.map((change) => `${operationKey(change)} ${change.words.counted?.field}`)).size, as: counted.as}
      : undefined;
    const kind = group.some((change) => change.kind === 'breaking') ? 'breaking' : group[0].kind;
    const text = manyOperationsLine(sort, operations.size, fields);
    // "Responses `500`, `503` added in 12 operations".
    acrossOperations.push({text, kind, ...(listed ? {listed: {...listed, tail: text.slice(`${listed.lead} \`${listed.item}\` `.length)}} : {})});
  }
  const currentOperations = new Map(operationsOf(current).map(({operation, method, path}) => [`${method} ${path}`, operation]));
  const operations = new Map<string, OperationNotes>();
  for (const change of changes.filter((change) => !many.has(sortKey(change)))) {
    const key = operationKey(change);
    let entry = operations.get(key);
    if (!entry) {
      const now = currentOperations.get(key);
      entry = {method: change.operation?.method ?? '', path: change.operation?.path ?? '', notes: []};
      if (now) Object.assign(entry, {title: now.summary as string, href: referencePath(now.operationId as string)});
      operations.set(key, entry);
    }
    const text = `${change.words.text}${change.mayBreakStrictClients ? ' (may break strict clients)' : ''}`;
    const same = entry.notes.find((note) => note.text === text);
    if (!same) entry.notes.push({text, kind: change.kind, ...(change.words.listed && !change.mayBreakStrictClients ? {listed: change.words.listed} : {})});
    else if (byKind({text, kind: change.kind}, same) < 0) same.kind = change.kind;
  }
  for (const entry of operations.values()) entry.notes = listedTogether(entry.notes).sort(byKind);
  const breaking = (entry: {notes: Note[]} | Note) => ('notes' in entry ? entry.notes[0]?.kind : entry.kind) === 'breaking';
  return {
    acrossOperations: listedTogether(acrossOperations).sort(byKind),
    operations: [...[...operations.values()].filter(breaking), ...[...operations.values()].filter((entry) => !breaking(entry))],
  };
}

/** "Response fields `a`, `b` added". */
function listedTogether(notes: Note[]): Note[] {
  const alike = new Map<string, Note[]>();
  for (const note of notes) {
    const key = note.listed ? `${note.kind} ${note.listed.lead}\n${note.listed.tail}` : note.text;
    alike.set(key, [...(alike.get(key) ?? []), note]);
  }
  return [...alike.values()].map((group) => {
    if (group.length === 1) return group[0];
    const {lead, tail} = group[0].listed!;
    return {text: `${lead}s ${group.map((note) => `\`${note.listed!.item}\``).join(', ')}${tail ? ` ${tail}` : ''}`, kind: group[0].kind};
  });
}

const markedNote = (note: Note) => `${note.kind === 'breaking' ? '**Breaking:** ' : ''}${note.text}`;

function operationName(entry: OperationNotes): string {
  if (!entry.method) return 'The whole API';
  const endpoint = `\`${entry.method.toUpperCase()} ${entry.path}\``;
  return entry.href ? `[${entry.title ?? endpoint}](${entry.href}) ${endpoint}` : endpoint;
}

export function changelogMarkdown(entries: ChangelogEntry[], current: OpenApiDocument): string {
  const sections = [
    [
      '---',
      'title: API changelog',
      'sidebar_label: Changelog',
      // Its text names many operations: searched by its headings, so an operation's search finds the operation.
      `${SEARCH_FRONT_MATTER.key}: ${SEARCH_FRONT_MATTER.headingsOnly}`,
      'description: Every release of the API contract, newest first, with its summary and its changes by operation, breaking ones first, generated from the differences between releases.',
      '---',
    ].join('\n'),
    `Every release of the API contract, newest first, generated from the differences between consecutive releases: its summary, the changes made across many operations in one line each, then the changes of each operation, breaking ones first. What counts as breaking, and how a change is announced, is on [Versioning and deprecation](versioning.md). Follow the releases with the [Atom feed](pathname://${API_CHANGELOG_FEED_PATH}).`,
  ];
  const deprecated = deprecations(current);
  if (deprecated.length) {
    sections.push(
      '## Deprecated operations',
      deprecated
        .map(
          (item) =>
            `- [\`${item.method.toUpperCase()} ${item.path}\`](${referencePath(item.operationId)}): sunset ${item.sunset ?? 'not set'}${item.replacedBy ? `; use ${item.replacedBy}` : ''}`,
        )
        .join('\n'),
    );
  }
  for (const entry of entries) {
    sections.push(`## ${entryTitle(entry)}`);
    if (entry.release) sections.push(entry.release.summary);
    const notes = entryNotes(entry.changes, current);
    if (notes.acrossOperations.length) {
      // Each line stands for many changes, which the entry's complete list gives one by one.
      const list = `pathname://${changesListPath(entry)}`;
      sections.push(
        '### Across many operations',
        notes.acrossOperations.map((note) => `- ${note.kind === 'breaking' ? '**Breaking:** ' : ''}[${note.text}](${list})`).join('\n'),
      );
    }
    if (notes.operations.length) {
      sections.push(
        '### By operation',
        notes.operations
          .map((operation) =>
            operation.notes.length === 1
              ? `- ${operationName(operation)}: ${markedNote(operation.notes[0])}`
              : [`- ${operationName(operation)}`, ...operation.notes.map((note) => `  - ${markedNote(note)}`)].join('\n'),
          )
          .join('\n'),
      );
    }
  }
  return `${sections.join('\n\n')}\n`;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function notesText(notes: EntryNotes): string {
  const marked = (note: Note) => `${note.kind === 'breaking' ? 'Breaking: ' : ''}${note.text}`;
  return [
    ...(notes.acrossOperations.length ? ['Across many operations:', ...notes.acrossOperations.map((note) => `- ${marked(note)}`)] : []),
    ...(notes.operations.length ? ['By operation:'] : []),
    ...notes.operations.map((operation) => {
      const endpoint = `${operation.method.toUpperCase()} ${operation.path}`;
      const name = operation.method ? (operation.title ? `${operation.title} (${endpoint})` : endpoint) : 'The whole API';
      return operation.notes.length === 1
        ? `- ${name}: ${marked(operation.notes[0])}`
        : [`- ${name}`, ...operation.notes.map((note) => `  - ${marked(note)}`)].join('\n');
    }),
  ].join('\n');
}

export function changelogFeed(entries: ChangelogEntry[], current: OpenApiDocument, pageUrl: string, feedUrl: string, title: string): string {
  const released = entries.filter((entry) => entry.release);
  const items = released.map((entry) => {
    const {version, date, summary} = entry.release!;
    const anchor = changelogAnchor(entry.release);
    return [
      '  <entry>',
      `    <title>${escapeXml(`${title} ${version}`)}</title>`,
      `    <id>${escapeXml(`${pageUrl}#${anchor}`)}</id>`,
      `    <link href="${escapeXml(`${pageUrl}#${anchor}`)}"/>`,
      `    <updated>${date}T00:00:00Z</updated>`,
      `    <summary>${escapeXml(summary)}</summary>`,
      `    <content type="text">${escapeXml(notesText(entryNotes(entry.changes, current)))}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${escapeXml(`${title} changelog`)}</title>`,
    `  <id>${escapeXml(feedUrl)}</id>`,
    `  <link rel="self" href="${escapeXml(feedUrl)}"/>`,
    `  <link href="${escapeXml(pageUrl)}"/>`,
    `  <updated>${released[0]?.release?.date ?? '1970-01-01'}T00:00:00Z</updated>`,
    `  <author><name>${escapeXml(title)}</name></author>`,
    ...items,
    '</feed>',
    '',
  ].join('\n');
}
