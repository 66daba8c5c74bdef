/**
 * The API changelog, generated from the releases in contract/releases/: one
 * entry per release, newest first, with the changes from the release before
 * it, and "Unreleased" for the changes of the current contract since the
 * latest release. Each operation links to its reference page while it
 * exists. Written as a docs page (so it has a Markdown twin and is in
 * llms.txt like every page) and as an Atom feed of the releases.
 */
import type {OpenApiDocument} from '../contract/compile';
import {changeLine, diffContracts, type ChangeKind, type ContractChange} from '../contract/diff';
import {referencePath} from '../contract/operations';
import {latestRelease, readReleaseDocument, readReleases, type Release} from '../contract/releases';
import {operationsOf, REPLACED_BY_EXTENSION, SUNSET_EXTENSION} from '../openapi';
import {API_CHANGELOG_CHANGES_PATH, API_CHANGELOG_FEED_PATH} from '../paths';
import {SEARCH_FRONT_MATTER} from '../search/headings-only';

export interface ChangelogEntry {
  /** A release, or undefined for the unreleased changes of the current contract. */
  release?: Release;
  changes: ContractChange[];
}

/** The changes listed for one operation in one group of a release; the rest are counted. */
const MAX_DETAILS_PER_OPERATION = 3;

/** Each release's entry, oldest first, with the changes from the release before it: needs only contract/releases/. */
export function releaseEntries(releases = readReleases(), load = readReleaseDocument): ChangelogEntry[] {
  const documents = releases.map((release) => load(release.version));
  return releases.map((release, index) => ({
    release,
    // The first release: everything in it is new, against the same document without operations.
    changes: diffContracts(index === 0 ? {...documents[0], paths: {}} : documents[index - 1], documents[index]),
  }));
}

/** The changes of `current` since the `latest` release; none before the first release. */
export function unreleasedChanges(current: OpenApiDocument, latest = latestRelease(), load = readReleaseDocument): ContractChange[] {
  return latest ? diffContracts(load(latest.version), current) : [];
}

/** Every release's entry, newest first, after the unreleased changes of `current` since the latest release when there are any. */
export function changelogEntries(current: OpenApiDocument, released = releaseEntries(), load = readReleaseDocument): ChangelogEntry[] {
  return withUnreleased(released, unreleasedChanges(current, released.at(-1)?.release, load));
}

/** The releases' entries (releaseEntries) and the unreleased changes (unreleasedChanges), newest first; "Unreleased" only when there are changes. */
export function withUnreleased(released: ChangelogEntry[], unreleased: ContractChange[]): ChangelogEntry[] {
  return [...released, ...(unreleased.length ? [{changes: unreleased}] : [])].reverse();
}

const KINDS: [ChangeKind, string][] = [
  ['breaking', 'Breaking'],
  ['deprecated', 'Deprecated'],
  ['added', 'Added'],
  ['changed', 'Changed'],
];

const entryTitle = (entry: ChangelogEntry) => (entry.release ? `${entry.release.version} (${entry.release.date})` : 'Unreleased');

/** The anchor of an entry's heading on the changelog page, as Docusaurus slugs it: "2.0.0 (2026-11-25)" is `200-2026-11-25`. */
export const changelogAnchor = (release: Release | undefined): string => (release ? `${release.version.replace(/\./g, '')}-${release.date}` : 'unreleased');

/** Where an entry's complete list of changes is served: `/api/releases/2.0.0.txt`, or `unreleased.txt`. */
export const changesListPath = (entry: ChangelogEntry): string => `${API_CHANGELOG_CHANGES_PATH}/${entry.release?.version ?? 'unreleased'}.txt`;

/** An entry's complete list of changes, one line each as `npm run contract:diff` prints them. */
export function changesList(entry: ChangelogEntry): string {
  return `${[`${entry.release ? `Release ${entry.release.version}` : 'Unreleased changes'}: ${entry.changes.length} change(s)`, ...entry.changes.map(changeLine)].join('\n')}\n`;
}

/** The operations of the current contract that are deprecated, with their sunset and replacement. */
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

/** The changes of one kind, one line per operation; an operation with more than a few ends with a link to the entry's complete list. */
function changeList(changes: ContractChange[], linked: Set<string>, completeList: string): string {
  const byOperation = new Map<string, ContractChange[]>();
  for (const change of changes) {
    const key = change.operation ? `${change.operation.method} ${change.operation.path}` : 'API';
    byOperation.set(key, [...(byOperation.get(key) ?? []), change]);
  }
  return [...byOperation.values()]
    .map((group) => {
      const {operation} = group[0];
      const code = operation ? `\`${operation.method.toUpperCase()} ${operation.path}\`` : 'The whole API';
      const name = operation?.operationId && linked.has(operation.operationId) ? `[${code}](${referencePath(operation.operationId)})` : code;
      const details = [
        ...new Set(
          group.map(
            (change) => `${change.location ? `${change.location}: ` : ''}${change.what}${change.mayBreakStrictClients ? ' (may break strict clients)' : ''}`,
          ),
        ),
      ];
      // A release that bounds every value changes dozens of places of one operation: the first few say what kind of change it is.
      const shown = details.slice(0, MAX_DETAILS_PER_OPERATION);
      const more = details.length - shown.length;
      return `- ${name}: ${shown.join('; ')}${more > 0 ? `; [and ${more} more](pathname://${completeList})` : ''}`;
    })
    .join('\n');
}

export function changelogMarkdown(entries: ChangelogEntry[], current: OpenApiDocument): string {
  const linked = new Set(operationsOf(current).map(({operation}) => operation.operationId as string));
  const sections = [
    [
      '---',
      'title: API changelog',
      'sidebar_label: Changelog',
      // Its text names every operation of every release: searched by its headings, so an operation's search finds the operation.
      `${SEARCH_FRONT_MATTER.key}: ${SEARCH_FRONT_MATTER.headingsOnly}`,
      'description: Every release of the API contract, newest first, with its breaking changes, deprecations, additions and changes, generated from the differences between releases.',
      '---',
    ].join('\n'),
    `Every release of the API contract, newest first, generated from the differences between consecutive releases. What counts as breaking, and how a change is announced, is on [Versioning and deprecation](versioning.md). Follow the releases with the [Atom feed](pathname://${API_CHANGELOG_FEED_PATH}).`,
  ];
  const deprecated = deprecations(current);
  if (deprecated.length) {
    sections.push(
      '## Deprecated operations',
      ...deprecated.map(
        (item) =>
          `- [\`${item.method.toUpperCase()} ${item.path}\`](${referencePath(item.operationId)}): sunset ${item.sunset ?? 'not set'}${item.replacedBy ? `; use ${item.replacedBy}` : ''}`,
      ),
    );
  }
  for (const entry of entries) {
    sections.push(`## ${entryTitle(entry)}`);
    if (entry.release) sections.push(entry.release.summary);
    for (const [kind, heading] of KINDS) {
      const changes = entry.changes.filter((change) => change.kind === kind);
      if (changes.length) sections.push(`### ${heading}`, changeList(changes, linked, changesListPath(entry)));
    }
  }
  return `${sections.join('\n\n')}\n`;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** An Atom feed with one entry per release, linking its section of the changelog page. */
export function changelogFeed(entries: ChangelogEntry[], pageUrl: string, feedUrl: string, title: string): string {
  const released = entries.filter((entry) => entry.release);
  const items = released.map((entry) => {
    const {version, date, summary} = entry.release!;
    const counts = KINDS.map(([kind, heading]) => [heading, entry.changes.filter((change) => change.kind === kind).length] as const).filter(
      ([, count]) => count,
    );
    const anchor = changelogAnchor(entry.release);
    return [
      '  <entry>',
      `    <title>${escapeXml(`${title} ${version}`)}</title>`,
      `    <id>${escapeXml(`${pageUrl}#${anchor}`)}</id>`,
      `    <link href="${escapeXml(`${pageUrl}#${anchor}`)}"/>`,
      `    <updated>${date}T00:00:00Z</updated>`,
      `    <summary>${escapeXml(`${summary} ${counts.map(([heading, count]) => `${heading}: ${count}.`).join(' ')}`.trim())}</summary>`,
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
