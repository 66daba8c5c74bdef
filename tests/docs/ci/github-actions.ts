/**
 * GitHub Actions: the workflow's jobs for a pull request to main or the
 * schedule, `if:` and `${{ }}` evaluated with GitHub's own expression library,
 * `run` steps with the shell GitHub starts them with, actions simulated by
 * what they upload.
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {data, Evaluator, Lexer, Parser} from '@actions/expressions';
import type {FunctionDefinition} from '@actions/expressions/funcs/info';
import {truthy} from '@actions/expressions/result';
import {baseEnvironment, list, mapping, parseYamlBlock, readKeys, withClientInstall, type CiSystem, type Job, type JobState, type Step} from './step-runner';

const EVENTS = {'pull-request': 'pull_request', nightly: 'schedule'} as const;
/** A job without timeout-minutes ends after 6 hours. */
const DEFAULT_TIMEOUT = 360;

function hashFiles(workspace: string, patterns: string[]): string {
  const files = patterns.flatMap((pattern) => fs.globSync(pattern, {cwd: workspace})).filter((file) => fs.statSync(path.join(workspace, file)).isFile());
  if (!files.length) return '';
  const hash = createHash('sha256');
  for (const file of files.sort()) hash.update(fs.readFileSync(path.join(workspace, file)));
  return hash.digest('hex');
}

/** An expression evaluated as GitHub does, with the job's status functions and hashFiles over its workspace. */
function evaluate(expression: string, contexts: Record<string, unknown>, job: JobState | undefined, where: string): data.ExpressionData {
  const boolean = (value: boolean) => new data.BooleanData(value);
  const functions: FunctionDefinition[] = [
    {name: 'always', minArgs: 0, maxArgs: 0, call: () => boolean(true)},
    {name: 'success', minArgs: 0, maxArgs: 0, call: () => boolean(!job?.failed)},
    {name: 'failure', minArgs: 0, maxArgs: 0, call: () => boolean(Boolean(job?.failed))},
    {name: 'cancelled', minArgs: 0, maxArgs: 0, call: () => boolean(false)},
    {
      name: 'hashFiles',
      minArgs: 1,
      maxArgs: 255,
      call: (...patterns) =>
        new data.StringData(
          job
            ? hashFiles(
                job.workspace,
                patterns.map((pattern) => pattern.coerceString()),
              )
            : '',
        ),
    },
  ];
  try {
    const {tokens} = new Lexer(expression).lex();
    const parsed = new Parser(tokens, Object.keys(contexts), functions).parse();
    const context = JSON.parse(JSON.stringify(contexts), data.reviver) as data.Dictionary;
    return new Evaluator(parsed, context, new Map(functions.map((each) => [each.name.toLowerCase(), each]))).evaluate();
  } catch (error) {
    throw new Error(`${where}: ${expression}: ${(error as Error).message}`);
  }
}

/** A value with its `${{ }}` expressions replaced, as GitHub pastes them into the text. */
function interpolate(text: string, contexts: Record<string, unknown>, job: JobState | undefined, where: string): string {
  return text.replace(/\$\{\{\s*([^]*?)\s*\}\}/g, (_all, expression: string) => evaluate(expression, contexts, job, where).coerceString());
}

/** A step's `if:`, with GitHub's implied success() when it names no status function. */
function condition(value: unknown, contexts: (job: JobState) => Record<string, unknown>, where: string): (job: JobState) => boolean {
  if (value === undefined) return (job) => !job.failed;
  const expression = String(value).replace(/^\s*\$\{\{([^]*)\}\}\s*$/, '$1');
  const guarded = /\b(?:always|success|failure|cancelled)\s*\(/.test(expression) ? expression : `success() && (${expression})`;
  return (job) => truthy(evaluate(guarded, contexts(job), job, where));
}

/** The command GitHub runs a script file with, for a `shell:` value. */
function shellCommand(shell: string | undefined): (file: string) => string[] {
  if (shell === undefined) return (file) => ['bash', '-e', file];
  if (shell === 'bash') return (file) => ['bash', '--noprofile', '--norc', '-eo', 'pipefail', file];
  if (shell === 'sh') return (file) => ['sh', '-e', file];
  if (shell.includes('{0}')) return (file) => shell.split(/\s+/).map((part) => part.replace('{0}', file));
  throw new Error(`shell "${shell}" is not run by this runner`);
}

/** The uploads of an action, and whether it fails when they are missing. */
function actionUpload(uses: string, inputs: Record<string, unknown>): Step['upload'] {
  if (uses.startsWith('actions/upload-artifact@')) {
    const paths = String(inputs.path ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('!'));
    return {paths, required: inputs['if-no-files-found'] === 'error'};
  }
  if (uses.startsWith('github/codeql-action/upload-sarif@')) return {paths: [String(inputs.sarif_file ?? '../results')], required: true};
  return undefined;
}

export const githubActions: CiSystem = {
  name: 'GitHub Actions',
  file: /^\.github\/workflows\/[\w.-]+\.ya?ml$/,
  jobs(block, options) {
    const {value: workflow, lineOf} = parseYamlBlock(block);
    const event = EVENTS[options.trigger];
    const on = workflow.on;
    const events = typeof on === 'string' ? {[on]: {}} : Array.isArray(on) ? Object.fromEntries(on.map((name) => [name, {}])) : mapping(on);
    if (!(event in events)) return [];
    const branches = mapping(events[event]).branches;
    if (event === 'pull_request' && branches !== undefined && !list(branches).includes('main')) return [];
    const {settings} = options;
    const github = {
      event_name: event,
      event: event === 'pull_request' ? {pull_request: {number: 42, base: {ref: 'main'}}} : {schedule: '0 1 * * *'},
      run_id: '8812',
      ref: event === 'pull_request' ? 'refs/pull/42/merge' : 'refs/heads/main',
    };
    const secrets = {SCANNER_API_KEY: settings.apiKey, GITHUB_TOKEN: 'github-token'};
    const vars = {SCANNER_TARGET_ID: settings.targetId, SCANNER_REDUCED_SCOPE_ID: settings.reducedScopeId, SCANNER_FULL_PROFILE_ID: settings.fullProfileId};
    const contextsFor = (job: JobState | undefined, env: Record<string, string>) => ({
      github: {...github, workspace: job?.workspace},
      secrets,
      vars,
      env,
      runner: {os: 'Linux', temp: job?.temp},
    });
    /** A level's `env:` evaluated over the levels above it. */
    const environment = (values: unknown, above: Record<string, string>, job: JobState | undefined, where: string) => {
      const result = {...above};
      for (const [name, value] of Object.entries(mapping(values))) result[name] = interpolate(String(value), contextsFor(job, above), job, where);
      return result;
    };
    const defaultShell = (job: Record<string, unknown>) => mapping(mapping(job.defaults).run).shell ?? mapping(mapping(workflow.defaults).run).shell;

    return Object.entries(mapping(workflow.jobs)).flatMap(([name, value]): Job[] => {
      const job = mapping(value);
      const where = `${block.file}:${lineOf('jobs', name)}`;
      readKeys(job, ['name', 'runs-on', 'timeout-minutes', 'env', 'steps', 'if', 'defaults', 'permissions', 'environment', 'concurrency'], where);
      if (
        job.if !== undefined &&
        !condition(job.if, () => contextsFor(undefined, {}), where)({failed: false, workspace: '', temp: '', home: '', variables: {}})
      )
        return [];
      const steps = list(job.steps).map((value, index): Step => {
        const step = mapping(value);
        const line = lineOf('jobs', name, 'steps', index);
        const at = `${block.file}:${line}`;
        readKeys(step, ['name', 'id', 'if', 'uses', 'with', 'run', 'shell', 'env', 'timeout-minutes', 'continue-on-error'], at);
        const envOf = (state: JobState) => environment(step.env, environment(job.env, environment(workflow.env, {}, state, at), state, at), state, at);
        const stepName = String(step.name ?? step.uses ?? step.run);
        const base: Step = {
          name: stepName,
          line,
          runs: condition(step.if, (state) => contextsFor(state, envOf(state)), at),
          limit: step['timeout-minutes']
            ? {minutes: Number(step['timeout-minutes']), line: lineOf('jobs', name, 'steps', index, 'timeout-minutes'), what: 'timeout-minutes'}
            : undefined,
          failsJob: step['continue-on-error'] !== true,
        };
        if (step.uses) return {...base, upload: actionUpload(String(step.uses), mapping(step.with))};
        const argv = shellCommand((step.shell ?? defaultShell(job)) as string | undefined);
        return {
          ...base,
          shell: (state) => {
            const env = envOf(state);
            const githubEnv = path.join(state.temp, 'github-env');
            return {
              script: withClientInstall(interpolate(String(step.run), contextsFor(state, env), state, at), options),
              argv,
              env: {
                ...baseEnvironment(options, state),
                GITHUB_ACTIONS: 'true',
                GITHUB_EVENT_NAME: event,
                GITHUB_RUN_ID: github.run_id,
                GITHUB_REF: github.ref,
                GITHUB_WORKSPACE: state.workspace,
                GITHUB_ENV: githubEnv,
                RUNNER_OS: 'Linux',
                RUNNER_TEMP: state.temp,
                ...state.variables,
                ...env,
              },
            };
          },
          read: (_stdout, state) => {
            const file = path.join(state.temp, 'github-env');
            if (!fs.existsSync(file)) return;
            for (const [, key, value] of fs.readFileSync(file, 'utf8').matchAll(/^([^=\n]+)=(.*)$/gm)) state.variables[key] = value;
          },
        };
      });
      const timeout = job['timeout-minutes'];
      return [
        {
          name,
          line: lineOf('jobs', name),
          steps,
          limit:
            timeout === undefined
              ? {minutes: DEFAULT_TIMEOUT, line: 0, what: "GitHub's default job timeout"}
              : {minutes: Number(timeout), line: lineOf('jobs', name, 'timeout-minutes'), what: 'timeout-minutes'},
        },
      ];
    });
  },
};
