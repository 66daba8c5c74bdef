/**
 * Rehearses the next Docusaurus major in a scratch copy (every `@docusaurus/*` at
 * that major's newest release, other packages as locked), reporting which patch
 * guards fire and which tests fail, with a failed stage's last lines (its whole
 * output stays in the copy's `.rehearsal/`); changes nothing here.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {stripVTControlCharacters} from 'node:util';
import {repoRoot} from '../paths';

export interface RehearsalOptions {
  /** The major to rehearse. */
  major: number;
  /** A new temporary folder by default. */
  scratchDir?: string;
  /** Runs the browser tests too (minutes more). */
  browser: boolean;
}

interface StepResult {
  name: string;
  ok: boolean;
  /** Why the stage did not run. */
  skipped?: string;
  failures: string[];
  /** A failed stage's last lines, as printed: what the picked lines leave out (a bundler's `× Module not found` and its excerpt). */
  tail: string[];
}

/** Our plugins, whose guards' messages start with their name in brackets (other bracketed names are progress lines of the build's steps). */
const PLUGIN_NAMES = fs.readdirSync(path.join(repoRoot, 'src/plugins'));

/** Lines a guard of ours prints when the code it patches has changed: a fix's guard names the version it was written for, a plugin's its name in brackets. */
export const GUARD_LINE = new RegExp(`pinned-dependency-fixes:|written for |no longer|^\\[(?:${PLUGIN_NAMES.join('|')})\\] `);
const FAILED_TEST_LINE = /^\s*(?:FAIL\s|✘|\d+\) |×\s)/;

/** How many of a failed stage's last lines the report keeps. */
export const TAIL_LINES = 60;

export function run(name: string, command: string, args: string[], cwd: string, pick: (line: string) => boolean): StepResult {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  // Without the log level `npm run -s` handed down, which would silence the npm commands run here.
  const {npm_config_loglevel: _, ...env} = process.env;
  // Both streams into one file, so that the output keeps the order it was printed in and its tail is what came last.
  const log = path.join(cwd, '.rehearsal', `${name.replaceAll(' ', '-')}.log`);
  fs.mkdirSync(path.dirname(log), {recursive: true});
  const fd = fs.openSync(log, 'w');
  const result = spawnSync(command, args, {cwd, stdio: ['ignore', fd, fd], env: {...env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0'}});
  fs.closeSync(fd);
  const step = stepResult(name, result.status, fs.readFileSync(log, 'utf8'), pick);
  console.log(step.ok ? '  passed' : `  failed (exit ${result.status ?? result.signal}), its output in ${log}`);
  return step;
}

/** A stage's result from its exit status and output: the lines `pick` keeps, once each, and if it failed the output's tail. */
export function stepResult(name: string, status: number | null, output: string, pick: (line: string) => boolean): StepResult {
  // Colours some tools print whatever NO_COLOR says.
  const lines = stripVTControlCharacters(output).trimEnd().split('\n');
  const ok = status === 0;
  return {
    name,
    ok,
    failures: [...new Set(lines.filter(pick).map((line) => line.trim()))],
    tail: ok ? [] : lines.slice(-TAIL_LINES).map((line) => line.trimEnd()),
  };
}

/** Newest version within a major, prereleases included. */
export function newestInMajor(versions: string[], major: number): string | undefined {
  const parse = (version: string) => version.split(/[.+-]/).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const compare = (a: string, b: string) => {
    const [pa, pb] = [parse(a), parse(b)];
    for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
      const [x, y] = [pa[i], pb[i]];
      if (x === y) continue;
      if (x === undefined) return 1; // a release sorts after its prereleases
      if (y === undefined) return -1;
      return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    }
    return 0;
  };
  return versions
    .filter((version) => version.startsWith(`${major}.`))
    .sort(compare)
    .at(-1);
}

/** npm answers a single match without its array. */
function npmView<T>(spec: string, field: string): T | undefined {
  const result = spawnSync('npm', ['view', spec, field, '--json'], {encoding: 'utf8'});
  if (result.status !== 0) throw new Error(`npm view ${spec} ${field} failed: ${result.stderr.trim()}`);
  return result.stdout.trim() ? (JSON.parse(result.stdout) as T) : undefined;
}

const publishedVersions = (packageName: string): string[] => npmView<string[]>(packageName, 'versions') ?? [];

/** Dependencies the new peer ranges exclude, moved as a maintainer upgrading would; npm does the range matching. */
function peersToMove(manifest: Record<string, unknown>, packages: string[], version: string): Record<string, string> {
  const pinned = pinnedVersions(manifest);
  const moves: Record<string, string> = {};
  for (const name of packages) {
    for (const [peer, range] of Object.entries(npmView<Record<string, string>>(`${name}@${version}`, 'peerDependencies') ?? {})) {
      if (!(peer in pinned) || peer.startsWith('@docusaurus/')) continue;
      const inRange = versionsIn(peer, range);
      if (inRange.length && !inRange.includes(pinned[peer])) moves[peer] = inRange.at(-1)!;
    }
  }
  return moves;
}

const pinnedVersions = (manifest: Record<string, unknown>): Record<string, string> => ({
  ...(manifest.dependencies as object),
  ...(manifest.devDependencies as object),
});

const versionsIn = (name: string, range: string): string[] => [npmView<string | string[]>(`${name}@${range}`, 'version') ?? []].flat();

/** What a maintainer does about a dependency whose peer range excludes a moved package: move it to its newest release if that admits the move, else override its peer until it catches up. */
export interface PeerResolution {
  moves: Record<string, string>;
  /** npm overrides, `{dependent: {peer: '$peer'}}`: the dependent gets the portal's own version of the peer. */
  overrides: Record<string, Record<string, string>>;
  /** One line each, for the report. */
  notes: string[];
}

export interface PeerDependent {
  name: string;
  /** The installed version's peer ranges over moved packages. */
  peers: Record<string, string>;
  newest: {version: string; peers: Record<string, string>};
}

export function resolvePeers(
  dependents: PeerDependent[],
  moves: Record<string, string>,
  admits: (name: string, range: string, version: string) => boolean,
): PeerResolution {
  const resolution: PeerResolution = {moves: {}, overrides: {}, notes: []};
  for (const {name, peers, newest} of dependents) {
    const excluded = Object.entries(peers).filter(([peer, range]) => peer in moves && !admits(peer, range, moves[peer]));
    if (excluded.length === 0) continue;
    if (excluded.every(([peer]) => !newest.peers[peer] || admits(peer, newest.peers[peer], moves[peer]))) {
      resolution.moves[name] = newest.version;
      resolution.notes.push(`${name} moves to ${newest.version}: its peer ranges admit ${excluded.map(([peer]) => `${peer} ${moves[peer]}`).join(', ')}`);
      continue;
    }
    resolution.overrides[name] = Object.fromEntries(excluded.map(([peer]) => [peer, `$${peer}`]));
    for (const [peer] of excluded) {
      resolution.notes.push(`${name} ${newest.version}, its newest release, wants ${peer} ${newest.peers[peer]}: overridden to take ${peer} ${moves[peer]}`);
    }
  }
  return resolution;
}

/** The portal's direct dependencies, as installed here, whose peers include a moved package. */
function peerDependents(manifest: Record<string, unknown>, moves: Record<string, string>): PeerDependent[] {
  return Object.keys(pinnedVersions(manifest)).flatMap((name) => {
    const installed = path.join(repoRoot, 'node_modules', name, 'package.json');
    if (!fs.existsSync(installed)) return [];
    const all = (JSON.parse(fs.readFileSync(installed, 'utf8')) as {peerDependencies?: Record<string, string>}).peerDependencies ?? {};
    const peers = Object.fromEntries(Object.entries(all).filter(([peer]) => peer in moves));
    if (Object.keys(peers).length === 0) return [];
    const version = npmView<string>(name, 'version')!;
    return [{name, peers, newest: {version, peers: npmView<Record<string, string>>(`${name}@${version}`, 'peerDependencies') ?? {}}}];
  });
}

/** The files git sees (tracked, and new files not ignored), copied. */
function copyRepository(to: string): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {cwd: repoRoot, encoding: 'utf8'});
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr.trim()}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const source = path.join(repoRoot, file);
    if (!fs.existsSync(source)) continue; // deleted in the work tree
    fs.mkdirSync(path.dirname(path.join(to, file)), {recursive: true});
    fs.copyFileSync(source, path.join(to, file));
  }
}

/**
 * Overrides so that plugins pinned to the current major resolve it too, for the portal's `@docusaurus` packages and
 * the `indirect` ones the packages it names depend on, and those that keep a dependent's peer in line.
 */
export function withDocusaurus(
  manifest: Record<string, unknown>,
  version: string,
  moves: Record<string, string> = {},
  peerOverrides: Record<string, Record<string, string>> = {},
  indirect: string[] = [],
): Record<string, unknown> {
  const retarget = (deps: unknown) =>
    Object.fromEntries(
      Object.entries((deps ?? {}) as Record<string, string>).map(([name, range]) => [name, name.startsWith('@docusaurus/') ? version : (moves[name] ?? range)]),
    );
  return {
    ...manifest,
    dependencies: retarget(manifest.dependencies),
    devDependencies: retarget(manifest.devDependencies),
    overrides: {
      ...(manifest.overrides as object),
      ...Object.fromEntries([...docusaurusPackages(manifest), ...indirect].map((name) => [name, version])),
      ...peerOverrides,
    },
  };
}

function docusaurusPackages(manifest: Record<string, unknown>): string[] {
  return Object.keys({...(manifest.dependencies as object), ...(manifest.devDependencies as object)}).filter((name) => name.startsWith('@docusaurus/'));
}

/** Every `@docusaurus` package the lockfile installs, the portal's own and those the packages it names depend on. */
export function lockedDocusaurusPackages(lock: {packages?: Record<string, unknown>}): string[] {
  const names = Object.keys(lock.packages ?? {}).flatMap((key) => /(?:^|\/)node_modules\/(@docusaurus\/[^/]+)$/.exec(key)?.[1] ?? []);
  return [...new Set(names)].sort();
}

/** Canaries are not published for all at once. */
function commonVersion(packages: string[], major: number): string | undefined {
  const published = packages.map((name) => new Set(publishedVersions(name)));
  return newestInMajor(
    [...published[0]].filter((version) => published.every((versions) => versions.has(version))),
    major,
  );
}

export function rehearse({major, scratchDir, browser}: RehearsalOptions): StepResult[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Record<string, unknown>;
  const version = commonVersion(docusaurusPackages(manifest), major);
  if (!version) throw new Error(`No ${major}.x release is published for every @docusaurus package the portal uses.`);
  const dir = scratchDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `docusaurus-${major}-rehearsal-`));
  const peers = peersToMove(manifest, docusaurusPackages(manifest), version);
  const dependents = resolvePeers(peerDependents(manifest, peers), peers, (name, range, wanted) => versionsIn(name, range).includes(wanted));
  // Left to the plugins' ranges, a package such as @docusaurus/theme-common would stay at the current major beside the
  // new major's own copy, and a hook of one copy would not find the context the other provides.
  const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {packages?: Record<string, unknown>};
  const indirect = lockedDocusaurusPackages(lock).filter((name) => !docusaurusPackages(manifest).includes(name));
  const unpublished = indirect.filter((name) => !publishedVersions(name).includes(version));
  console.log(`Rehearsing @docusaurus/* ${version} in ${dir}`);
  const movedIndirect = indirect.filter((name) => !unpublished.includes(name));
  if (movedIndirect.length) console.log(`  ${movedIndirect.join(', ')} move too: the packages the portal names depend on them`);
  if (unpublished.length) console.log(`  not published at ${version}, so left as locked: ${unpublished.join(', ')}`);
  for (const [peer, moved] of Object.entries(peers)) console.log(`  ${peer} moves to ${moved}: Docusaurus ${version} requires it`);
  for (const note of dependents.notes) console.log(`  ${note}`);
  copyRepository(dir);
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify(withDocusaurus(manifest, version, {...peers, ...dependents.moves}, dependents.overrides, movedIndirect), null, 2)}\n`,
  );
  const config = path.join(dir, 'docusaurus.config.ts');
  const withoutFlags = withoutFutureFlags(fs.readFileSync(config, 'utf8'), major);
  if (withoutFlags.removed)
    console.log(`  future.v${major} removed from docusaurus.config.ts: its flags are the defaults of Docusaurus ${major}, which knows them no longer`);
  fs.writeFileSync(config, withoutFlags.text);

  const npmError = (line: string) => /^npm error/.test(line);
  const steps = [run('install', 'npm', ['install', '--no-audit', '--no-fund'], dir, npmError)];
  // Peer ranges the new major's ecosystem has not caught up with are a finding, not the end of the rehearsal.
  if (!steps[0].ok) steps.push(run('install ignoring peer ranges', 'npm', ['install', '--no-audit', '--no-fund', '--legacy-peer-deps'], dir, npmError));
  const tests = ['typecheck', 'build', 'output tests', ...(browser ? ['browser tests'] : [])];
  if (!steps.at(-1)!.ok) return [...steps, ...tests.map((name) => skipped(name, 'nothing installed'))];
  steps.push(run('typecheck', 'npx', ['tsc', '--noEmit'], dir, (line) => /error TS\d+/.test(line)));
  const build = run('build', 'npm', ['run', 'build'], dir, (line) => GUARD_LINE.test(line) || /Error|error/.test(line));
  steps.push(build);
  if (!build.ok) return [...steps, ...tests.slice(2).map((name) => skipped(name, 'no build'))];
  steps.push(run('output tests', 'npx', ['vitest', 'run', '--project', 'output'], dir, (line) => FAILED_TEST_LINE.test(line)));
  if (browser) steps.push(run('browser tests', 'npx', ['playwright', 'test', '--reporter=line'], dir, (line) => FAILED_TEST_LINE.test(line)));
  return steps;
}

const skipped = (name: string, reason: string): StepResult => ({name, ok: false, skipped: reason, failures: [], tail: []});

/** The configuration without its `future.v<major>` flags, which opt in early to what that major does anyway. */
export function withoutFutureFlags(config: string, major: number): {text: string; removed: boolean} {
  const text = config.replace(new RegExp(`^\\s*v${major}: \\{[^}]*\\},?\\n`, 'm'), '');
  return {text, removed: text !== config};
}

// The guards that fired come first, since they name what to update.
export function rehearsalReport(steps: StepResult[]): string {
  const guards = steps.flatMap((step) => step.failures.filter((line) => GUARD_LINE.test(line)));
  return [
    'Patch guards that fired:',
    ...(guards.length ? guards.map((line) => `  ${line}`) : ['  none']),
    '',
    ...steps.flatMap((step) => [
      `${step.name}: ${step.skipped ? `skipped (${step.skipped})` : step.ok ? 'passed' : 'FAILED'}`,
      ...step.failures.slice(0, 60).map((line) => `  ${line}`),
      ...(step.tail.length ? [`  its last ${step.tail.length} lines:`, ...step.tail.map((line) => `    ${line}`)] : []),
    ]),
  ].join('\n');
}
