/** Released contracts are history, never rewritten: `<version>.json` is the contract's own document, and index.json lists them oldest first. */
import fs from 'node:fs';
import path from 'node:path';
import {releasesIndexFile, repoRoot} from '../paths';
import {contractEntry, type OpenApiDocument} from './compile';

export interface Release {
  version: string;
  date: string;
  summary: string;
}

const VERSION = /^(\d+)\.(\d+)\.(\d+)$/;

export function parseVersion(version: string): [number, number, number] {
  const match = VERSION.exec(version);
  if (!match) throw new Error(`"${version}" is not a release version: write MAJOR.MINOR.PATCH, such as 1.2.0`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function compareVersions(a: string, b: string): number {
  const [left, right] = [parseVersion(a), parseVersion(b)];
  return left[0] - right[0] || left[1] - right[1] || left[2] - right[2];
}

export function readReleases(indexFile = releasesIndexFile): Release[] {
  if (!fs.existsSync(indexFile)) return [];
  return (JSON.parse(fs.readFileSync(indexFile, 'utf8')) as {releases: Release[]}).releases;
}

export function readReleaseDocument(version: string, dir = path.dirname(releasesIndexFile)): OpenApiDocument {
  const file = path.join(dir, `${version}.json`);
  if (!fs.existsSync(file))
    throw new Error(
      `${path.relative(repoRoot, file)}: no release ${version} (contract/releases/index.json lists ${
        readReleases(path.join(dir, 'index.json'))
          .map((release) => release.version)
          .join(', ') || 'none'
      })`,
    );
  return JSON.parse(fs.readFileSync(file, 'utf8')) as OpenApiDocument;
}

export function latestRelease(indexFile = releasesIndexFile): Release | undefined {
  return readReleases(indexFile).at(-1);
}

/** Refuses a version already released or not greater than the latest, so a release is never rewritten. */
export function recordRelease(release: Release, document: OpenApiDocument, indexFile = releasesIndexFile): string {
  parseVersion(release.version);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(release.date)) throw new Error(`Release date "${release.date}" is not YYYY-MM-DD`);
  if (!release.summary.trim() || release.summary.includes('\n')) throw new Error('A release needs a one-line summary');
  const dir = path.dirname(indexFile);
  const file = path.join(dir, `${release.version}.json`);
  const relative = path.relative(repoRoot, file);
  if (fs.existsSync(file)) throw new Error(`${relative} exists: release ${release.version} was already cut, and a release is never rewritten`);
  const releases = readReleases(indexFile);
  const latest = releases.at(-1);
  if (latest && compareVersions(release.version, latest.version) <= 0) {
    throw new Error(`Release ${release.version} is not greater than the latest release, ${latest.version} (${path.relative(repoRoot, indexFile)})`);
  }
  fs.mkdirSync(dir, {recursive: true});
  fs.writeFileSync(file, `${JSON.stringify({...document, info: {...document.info, version: release.version}}, null, 2)}\n`);
  fs.writeFileSync(indexFile, `${JSON.stringify({releases: [...releases, release]}, null, 2)}\n`);
  return relative;
}

const INFO_VERSION = /(@info\(#\{[^}]*\bversion:\s*")([^"]*)(")/;

export function contractVersion(entry = contractEntry): string {
  const match = INFO_VERSION.exec(fs.readFileSync(entry, 'utf8'));
  if (!match) throw new Error(`${path.relative(repoRoot, entry)}: no @info(#{ version: "…" }) decorator`);
  return match[2];
}

export function setContractVersion(version: string, entry = contractEntry): void {
  parseVersion(version);
  const source = fs.readFileSync(entry, 'utf8');
  contractVersion(entry);
  fs.writeFileSync(entry, source.replace(INFO_VERSION, `$1${version}$3`));
}
