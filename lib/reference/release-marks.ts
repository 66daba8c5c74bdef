/**
 * "Introduced in" and "last changed in" marks of operation pages, from the
 * changelog's entries. Written to a file, since pages and twins are generated in
 * other processes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {OpenApiDocument} from '../contract/compile';
import {operationsOf} from '../openapi';
import {operationReleasesFile} from '../paths';
import {changelogAnchor, type ChangelogEntry} from './changelog';

export interface ReleaseMark {
  /** Undefined for the changes since the latest release. */
  version?: string;
  anchor: string;
}

export type OperationReleases = Record<string, {introduced?: ReleaseMark; changed?: ReleaseMark}>;

const API_CHANGELOG = '/api/changelog';

/** Entries newest first, as changelogEntries gives them. */
export function operationReleases(entries: ChangelogEntry[], current: OpenApiDocument): OperationReleases {
  // Followed by method and path, as the differ matches them: ids may have changed between releases.
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

/** None before the reference step ran (a page then shows no marks). */
export function readOperationReleases(file = operationReleasesFile): OperationReleases | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as OperationReleases) : undefined;
}
