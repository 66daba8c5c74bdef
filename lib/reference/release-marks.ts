/**
 * "Introduced in" and "last changed in" marks of operation pages: for each
 * operation of the current contract, the release that added it and the
 * latest release that changed it, read from the changelog's entries (the
 * project's differ over contract/releases/), each linking its entry of the
 * changelog page. The reference step writes them to a file, since the pages
 * and their twins are generated in other processes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {OpenApiDocument} from '../contract/compile';
import {operationsOf} from '../openapi';
import {operationReleasesFile} from '../paths';
import {changelogAnchor, type ChangelogEntry} from './changelog';

/** A changelog entry a mark links: a release, or the unreleased changes. */
export interface ReleaseMark {
  /** The version, or undefined for the changes since the latest release. */
  version?: string;
  /** The entry's anchor on the changelog page. */
  anchor: string;
}

/** Each operation id's first release and, when a later one changed it, the latest that did. */
export type OperationReleases = Record<string, {introduced?: ReleaseMark; changed?: ReleaseMark}>;

const API_CHANGELOG = '/api/changelog';

/** The marks of every operation of `current`, from the changelog's entries (newest first, as changelogEntries gives them). */
export function operationReleases(entries: ChangelogEntry[], current: OpenApiDocument): OperationReleases {
  // Operations are followed by method and path, as the differ matches them; ids may have changed between releases.
  const marks = new Map<string, {introduced?: ReleaseMark; changed?: ReleaseMark}>();
  for (const entry of [...entries].reverse()) {
    const mark: ReleaseMark = {version: entry.release?.version, anchor: changelogAnchor(entry.release)};
    for (const change of entry.changes) {
      if (!change.operation) continue;
      const key = `${change.operation.method} ${change.operation.path}`;
      if (change.what === 'operation added') marks.set(key, {introduced: mark});
      else if (change.what === 'operation removed') marks.delete(key);
      else marks.set(key, {...marks.get(key), changed: mark});
    }
  }
  return Object.fromEntries(operationsOf(current).map(({operation, method, path}) => [operation.operationId as string, marks.get(`${method} ${path}`) ?? {}]));
}

const markLink = (mark: ReleaseMark) => `[${mark.version ?? 'unreleased changes'}](${API_CHANGELOG}#${mark.anchor})`;

/** The page's line of marks (Markdown), or undefined for an operation no release or change names. */
export function releaseMarksLine(releases: OperationReleases, operationId: string): string | undefined {
  const {introduced, changed} = releases[operationId] ?? {};
  const parts = [
    introduced ? (introduced.version ? `Introduced in ${markLink(introduced)}` : `New in the ${markLink(introduced)}`) : '',
    changed ? (changed.version ? `last changed in ${markLink(changed)}` : `changed in the ${markLink(changed)}`) : '',
  ].filter(Boolean);
  if (!parts.length) return undefined;
  const line = parts.join('; ');
  return `${line.charAt(0).toUpperCase()}${line.slice(1)}.`;
}

export function writeOperationReleases(releases: OperationReleases, file = operationReleasesFile): void {
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, JSON.stringify(releases));
}

/** The marks the reference step wrote; none before it ran (a page then shows no marks). */
export function readOperationReleases(file = operationReleasesFile): OperationReleases | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as OperationReleases) : undefined;
}
