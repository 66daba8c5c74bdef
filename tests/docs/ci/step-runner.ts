/**
 * What the runners of every CI system share: a job is a list of steps, run in
 * order in one working directory, each under its condition. A shell step runs
 * its script from a file with bash and the options its CI system gives it; a
 * step the CI service performs is simulated by the files it would upload.
 * The client's install is replaced by the `vigil` the caller puts on PATH, or
 * fetches the real client from where the caller serves it.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {isMap, isScalar, isSeq, LineCounter, parseDocument, type Document} from 'yaml';
import {portalConfig, portalTokens} from '../../../portal.config';
import {loadCliDescription} from '../../../lib/cli/description';
import type {DocCodeBlock} from '../../doc-code-blocks';

export type Trigger = 'pull-request' | 'nightly';

/** The values a project keeps in its CI system's settings and secrets, where each page's "Before you start" says. */
export interface ProjectSettings {
  apiKey: string;
  targetId: string;
  reducedScopeId: string;
  fullProfileId: string;
}

export interface RunOptions {
  trigger: Trigger;
  /** A directory holding the `vigil` to run (a stub): put first on PATH, in place of the recipe's install. */
  vigilDir?: string;
  /**
   * Instead, the URL the recipe's own install fetches in place of {{cliPackage}}: the real client, as the build
   * serves it, installed into the job's npm prefix, whose bin is on PATH as on a CI image.
   */
  clientPackage?: string;
  settings: ProjectSettings;
  /** More environment for every shell step, such as the client's API URL. */
  env?: Record<string, string>;
  /** How long a shell step may run before it is ended as hung; 60 s unless given. */
  stepTimeoutSeconds?: number;
}

/** Where a CI system stops a job or step: minutes, and the page line that sets them (0 when the CI system's default). */
export interface Limit {
  minutes: number;
  line: number;
  what: string;
}

export interface JobState {
  failed: boolean;
  /** The job's working directory, a temporary directory beside it, and the home of the job's user. */
  workspace: string;
  temp: string;
  home: string;
  /** Values a step sets for later ones (Azure's task.setvariable, GitHub's GITHUB_ENV). */
  variables: Record<string, string>;
}

export interface ShellCommand {
  script: string;
  /** The command that runs the script's file, as the CI system starts it. */
  argv: (file: string) => string[];
  env: Record<string, string>;
}

export interface Step {
  name: string;
  /** The step's line in the page. */
  line: number;
  runs: (job: JobState) => boolean;
  shell?: (job: JobState) => ShellCommand;
  /** What a shell step's standard output sets for later steps. */
  read?: (stdout: string, job: JobState) => void;
  /** The files a service step uploads; `required`: the service fails the step when a path matches nothing. */
  upload?: {paths: string[]; required: boolean};
  /** False for steps whose failure leaves the job's result alone (GitLab's after_script). */
  failsJob?: boolean;
  limit?: Limit;
}

export interface Job {
  name: string;
  line: number;
  steps: Step[];
  limit: Limit;
}

/** A CI system's reading of its configuration file: the jobs a trigger runs. */
export interface CiSystem {
  name: string;
  /** The configuration file's name, as the page's code block is titled. */
  file: RegExp;
  jobs: (block: DocCodeBlock, options: RunOptions) => Job[];
}

export interface UploadedFile {
  path: string;
  bytes: number;
  /** The line of the step that uploaded it. */
  line: number;
}

export interface StepRun {
  name: string;
  line: number;
  ran: boolean;
  exitCode?: number;
  output: string;
  script?: string;
  problem?: string;
  limit?: Limit;
  /** The paths an upload step names. */
  uploads?: string[];
}

export interface JobRun {
  name: string;
  line: number;
  passed: boolean;
  steps: StepRun[];
  uploaded: UploadedFile[];
  limit: Limit;
}

const cli = portalConfig.cliName;
/** What the pages install the client from ({{cliPackage}}). */
const {cliPackage} = portalTokens(portalConfig);
export const keyVariable = `${cli.toUpperCase()}_API_KEY`;

/**
 * A step's script with the client's install as the run takes it (same lines): fetching `clientPackage` instead of
 * {{cliPackage}}, or replaced by a check that the `vigil` given is on PATH. Any other install is refused: a run has no
 * registry to install from, and would hang until npm gave up.
 */
export function withClientInstall(script: string, options: Pick<RunOptions, 'clientPackage'>): string {
  const escaped = cliPackage.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const install = new RegExp(`npm install (?:--global|-g)\\b[^\\n]*${escaped}`, 'g');
  const other = /npm (?:install|i|ci)\b[^\n]*/.exec(script.replace(install, ''));
  if (other) throw new Error(`"${other[0]}" installs something other than the client the pages name (${cliPackage}): a recipe run cannot install it`);
  return script.replace(install, (line) =>
    options.clientPackage ? `${line.slice(0, -cliPackage.length)}${options.clientPackage}` : `type ${cli}   # the install, replaced: ${cli} is on PATH`,
  );
}

/**
 * The environment every shell step starts from: PATH with the client first, a home of the run's own. A real install
 * goes into the job's own npm prefix, and npm asks no registry about its own updates.
 */
export function baseEnvironment(options: RunOptions, job: JobState): Record<string, string> {
  const prefix = path.join(job.home, '.npm-global');
  const installed: Record<string, string> = options.clientPackage ? {npm_config_prefix: prefix, npm_config_update_notifier: 'false'} : {};
  const client = options.clientPackage ? path.join(prefix, 'bin') : options.vigilDir;
  return {PATH: `${client}:${process.env.PATH ?? '/usr/bin:/bin'}`, HOME: job.home, LANG: 'C.UTF-8', CI: 'true', ...installed, ...options.env};
}

/** Minutes of a duration as the client (90s, 10m, 4h30m) and GitLab (4h 30m, 2 hours) write it. */
export function durationMinutes(text: string): number {
  const units: Record<string, number> = {s: 1 / 60, m: 1, h: 60, d: 1440};
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)\s*(s|sec|seconds?|m|min|minutes?|h|hr|hours?|d|days?)(?![a-z])/g)];
  if (!parts.length || text.replace(/(\d+(?:\.\d+)?)\s*([a-z]+)/g, '').trim()) throw new Error(`"${text}" is no duration`);
  return parts.reduce((total, [, amount, unit]) => total + Number(amount) * units[unit[0]], 0);
}

/** A YAML block of a page, parsed, with the page line of a node (`findLine`: undefined when there is none). */
export function parseYamlBlock(block: DocCodeBlock): {
  value: Record<string, unknown>;
  lineOf: (...keys: (string | number)[]) => number;
  findLine: (...keys: (string | number)[]) => number | undefined;
} {
  const lineCounter = new LineCounter();
  const document: Document = parseDocument(block.value, {lineCounter});
  if (document.errors.length) {
    const [error] = document.errors;
    throw new Error(`${block.file}:${block.line + lineCounter.linePos(error.pos[0]).line}: ${error.message.split('\n')[0]}`);
  }
  /** The line of a mapping's key, or of a sequence's item. */
  const findLine = (...keys: (string | number)[]) => {
    const parent = keys.length > 1 ? document.getIn(keys.slice(0, -1), true) : document.contents;
    const last = keys[keys.length - 1];
    const node = isMap(parent)
      ? parent.items.find((pair) => isScalar(pair.key) && pair.key.value === last)?.key
      : isSeq(parent)
        ? parent.items[Number(last)]
        : undefined;
    const range = (node as {range?: [number, number, number]} | undefined)?.range;
    return range ? block.line + lineCounter.linePos(range[0]).line : undefined;
  };
  const lineOf = (...keys: (string | number)[]) => {
    const line = findLine(...keys);
    if (line === undefined) throw new Error(`${block.file}:${block.line}: no ${keys.join('.')} in the configuration`);
    return line;
  };
  return {value: document.toJS() as Record<string, unknown>, lineOf, findLine};
}

/** Fails on a key the runner does not read, so that a recipe never passes on semantics left out. */
export function readKeys(value: Record<string, unknown>, keys: string[], where: string): void {
  const unknown = Object.keys(value).filter((key) => !keys.includes(key));
  if (unknown.length) throw new Error(`${where}: ${unknown.join(', ')} not read by the runner of tests/docs/ci/`);
}

export const mapping = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/** The files of the workspace a path or glob names (a directory: every file below it). */
function filesNamed(workspace: string, pattern: string): string[] {
  const matches = fs.globSync(pattern.replace(/^\.\//, ''), {cwd: workspace});
  return matches.flatMap((match) => {
    const full = path.join(workspace, match);
    if (!fs.statSync(full).isDirectory()) return [match];
    return fs.globSync('**/*', {cwd: full}).flatMap((inner) => (fs.statSync(path.join(full, inner)).isFile() ? [path.join(match, inner)] : []));
  });
}

/**
 * One run of a script's file as its CI system starts it; a step that hangs is ended, as the CI system's timeout would.
 * It runs beside the caller's own servers (the sandbox), which must go on answering meanwhile.
 */
async function runShell(
  command: ShellCommand,
  workspace: string,
  scripts: string,
  timeoutSeconds: number,
): Promise<{exitCode: number; stdout: string; output: string}> {
  const file = path.join(scripts, `step-${fs.readdirSync(scripts).length + 1}.sh`);
  fs.writeFileSync(file, command.script, {mode: 0o755});
  const [program, ...args] = command.argv(file);
  const child = spawn(program, args, {cwd: workspace, env: command.env, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutSeconds * 1000});
  let [stdout, stderr, error] = ['', '', ''];
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exitCode = await new Promise<number>((resolve) => {
    child.once('error', (failure) => {
      error = String(failure);
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
  return {exitCode, stdout, output: `${stdout}${stderr}${error}`};
}

/** Runs a job's steps in order in a fresh working directory; what ran, with which exit code, and what was uploaded. */
export async function runJob(job: Job, options: RunOptions): Promise<JobRun> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ci-recipe-'));
  const [workspace, temp, home, scripts] = ['workspace', 'temp', 'home', 'scripts'].map((name) => path.join(root, name));
  for (const directory of [workspace, temp, home, scripts]) fs.mkdirSync(directory);
  try {
    const state: JobState = {failed: false, workspace, temp, home, variables: {}};
    const steps: StepRun[] = [];
    const uploaded: UploadedFile[] = [];
    for (const step of job.steps) {
      const run: StepRun = {name: step.name, line: step.line, ran: step.runs(state), output: '', limit: step.limit, uploads: step.upload?.paths};
      steps.push(run);
      if (!run.ran) continue;
      let failed = false;
      if (step.shell) {
        const command = step.shell(state);
        run.script = command.script;
        const result = await runShell(command, workspace, scripts, options.stepTimeoutSeconds ?? 60);
        run.exitCode = result.exitCode;
        run.output = result.output;
        step.read?.(result.stdout, state);
        failed = result.exitCode !== 0;
      }
      if (step.upload) {
        for (const pattern of step.upload.paths) {
          const files = filesNamed(workspace, pattern);
          if (!files.length && step.upload.required) {
            run.problem = `the service fails the step: ${pattern} does not exist`;
            failed = true;
          }
          for (const file of files) {
            if (!uploaded.some((each) => each.path === file && each.line === step.line))
              uploaded.push({path: file, bytes: fs.statSync(path.join(workspace, file)).size, line: step.line});
          }
        }
      }
      if (failed && step.failsJob !== false) state.failed = true;
    }
    return {name: job.name, line: job.line, passed: !state.failed, steps, uploaded, limit: job.limit};
  } finally {
    fs.rmSync(root, {recursive: true, force: true});
  }
}

/** A wait a script gives the client: the gate command, and the minutes its --timeout (or the CLI's default) allows. */
export interface Wait {
  command: string;
  minutes: number;
  timeout: string;
  /** False when the script leaves --timeout to the client's default. */
  given: boolean;
}

/** The client's default --timeout of a command, from the CLI description. */
function defaultTimeout(group: string, command: string): string {
  const description = loadCliDescription();
  const found = description.groups.find((each) => each.name === group)?.commands.find((each) => each.name === command);
  const option = found?.options?.find((each) => each.name === 'timeout') ?? description.globalOptions.find((each) => each.name === 'timeout');
  return String(option?.default);
}

/** The waits of a script: `scans start --wait` and `scans wait`, with their time limits. */
export function waitsOf(script: string): Wait[] {
  const joined = script.replace(/\\\n\s*/g, ' ');
  return [...joined.matchAll(new RegExp(`${cli} scans (start|wait)\\b[^\\n]*`, 'g'))]
    .filter(([command, name]) => name === 'wait' || /\s--wait\b/.test(command))
    .map(([command, name]) => {
      const given = /\s--timeout[ =](\S+)/.exec(command)?.[1];
      const timeout = given ?? defaultTimeout('scans', name);
      return {command, minutes: durationMinutes(timeout), timeout, given: given !== undefined};
    });
}
