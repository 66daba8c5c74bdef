/**
 * GitLab CI: the jobs a merge request pipeline or a scheduled pipeline
 * creates (`extends` merged, `rules:` evaluated), `before_script` and
 * `script` in one bash that stops at the first failing command, as GitLab's
 * runner does, `after_script` in a shell of its own whatever the result, and
 * `artifacts` uploaded under their `when`.
 */
import {
  baseEnvironment,
  durationMinutes,
  keyVariable,
  list,
  mapping,
  parseYamlBlock,
  readKeys,
  withClientInstall,
  type CiSystem,
  type Job,
  type Step,
} from './step-runner';

/** Top-level keys that are not jobs. */
const GLOBAL_KEYS = new Set(['stages', 'variables', 'default', 'workflow', 'include', 'image', 'services', 'cache', 'before_script', 'after_script']);
/** The pipeline source of each trigger. */
export const PIPELINE_SOURCES = {'pull-request': 'merge_request_event', nightly: 'schedule'} as const;
/** A job without `timeout` has the project's, an hour unless changed. */
const DEFAULT_TIMEOUT = 60;

/** A `rules: if:` expression: variables, strings, null, regexes, ==, !=, =~, !~, &&, || and parentheses. */
export function gitlabCondition(expression: string, variables: Record<string, string>): boolean {
  const tokens = [...expression.matchAll(/\s*(\$\{?\w+\}?|"[^"]*"|'[^']*'|\/(?:\\.|[^/])*\/[a-z]*|==|!=|=~|!~|&&|\|\||\(|\)|null)/gy)].map((match) => match[1]);
  if (tokens.join('').replace(/\s/g, '') !== expression.replace(/\s/g, '')) throw new Error(`rules: cannot read "${expression}"`);
  let position = 0;
  const value = (token: string): string | RegExp | undefined => {
    if (token.startsWith('$')) return variables[token.replace(/[${}]/g, '')];
    if (token === 'null') return undefined;
    if (token.startsWith('/')) {
      const end = token.lastIndexOf('/');
      return new RegExp(token.slice(1, end), token.slice(end + 1));
    }
    return token.slice(1, -1);
  };
  const primary = (): unknown => {
    const token = tokens[position++];
    if (token === '(') {
      const inner = or();
      position += 1;
      return inner;
    }
    const left = value(token);
    const operator = tokens[position];
    if (!['==', '!=', '=~', '!~'].includes(operator)) return left !== undefined && left !== '';
    position += 1;
    const right = value(tokens[position++]);
    if (operator === '==') return left === right;
    if (operator === '!=') return left !== right;
    const matches = right instanceof RegExp && typeof left === 'string' && right.test(left);
    return operator === '=~' ? matches : !matches;
  };
  const and = (): boolean => {
    let result = Boolean(primary());
    while (tokens[position] === '&&') {
      position += 1;
      result = Boolean(primary()) && result;
    }
    return result;
  };
  const or = (): boolean => {
    let result = and();
    while (tokens[position] === '||') {
      position += 1;
      result = and() || result;
    }
    return result;
  };
  return or();
}

/** GitLab's merge of a job over the jobs it extends: mappings merged key by key, anything else replaced. */
function merge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const result = {...base};
  for (const [key, value] of Object.entries(over)) {
    result[key] = mapping(value) === value && mapping(base[key]) === base[key] ? merge(mapping(base[key]), mapping(value)) : value;
  }
  return result;
}

export const gitlabCi: CiSystem = {
  name: 'GitLab CI',
  file: /^\.gitlab-ci\.yml$/,
  jobs(block, options) {
    const {value: config, lineOf, findLine} = parseYamlBlock(block);
    const {settings, trigger} = options;
    const pipeline: Record<string, string> =
      trigger === 'pull-request'
        ? {
            CI_PIPELINE_SOURCE: PIPELINE_SOURCES[trigger],
            CI_MERGE_REQUEST_IID: '7',
            CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main',
            CI_COMMIT_REF_NAME: 'feature/scan',
          }
        : {CI_PIPELINE_SOURCE: PIPELINE_SOURCES[trigger], CI_COMMIT_BRANCH: 'main', CI_COMMIT_REF_NAME: 'main'};
    const variables: Record<string, string> = {
      GITLAB_CI: 'true',
      CI_PIPELINE_ID: '1402',
      CI_DEFAULT_BRANCH: 'main',
      ...pipeline,
      [keyVariable]: settings.apiKey,
      TARGET_ID: settings.targetId,
      REDUCED_SCOPE_ID: settings.reducedScopeId,
      FULL_PROFILE_ID: settings.fullProfileId,
      ...Object.fromEntries(Object.entries(mapping(config.variables)).map(([name, value]) => [name, String(mapping(value).value ?? value)])),
    };
    /** A job with the jobs it extends merged under it. */
    const resolve = (name: string): Record<string, unknown> => {
      const own = mapping(config[name]);
      return list(own.extends).reduceRight<Record<string, unknown>>((merged, parent) => merge(resolve(String(parent)), merged), own);
    };
    /** The line of a key of a job, or of the job it takes it from. */
    const lineIn = (name: string, ...keys: string[]): number | undefined =>
      findLine(name, ...keys) ??
      list(mapping(config[name]).extends)
        .map((parent) => lineIn(String(parent), ...keys))
        .find(Boolean);

    return Object.keys(config)
      .filter((name) => !GLOBAL_KEYS.has(name) && !name.startsWith('.'))
      .flatMap((name): Job[] => {
        const job = merge(mapping(config.default), resolve(name));
        const where = `${block.file}:${lineOf(name)}`;
        readKeys(
          job,
          [
            'stage',
            'image',
            'resource_group',
            'timeout',
            'cache',
            'before_script',
            'script',
            'after_script',
            'artifacts',
            'extends',
            'rules',
            'variables',
            'tags',
            'interruptible',
          ],
          where,
        );
        readKeys(mapping(job.artifacts), ['when', 'paths', 'reports', 'expire_in', 'name'], where);
        const env: Record<string, string> = {
          ...variables,
          ...Object.fromEntries(Object.entries(mapping(job.variables)).map(([key, value]) => [key, String(mapping(value).value ?? value)])),
        };
        // A job without rules runs in branch pipelines, never in merge request pipelines.
        const rule = job.rules
          ? list(job.rules)
              .map(mapping)
              .find((each) => each.if === undefined || gitlabCondition(String(each.if), env))
          : trigger === 'pull-request'
            ? undefined
            : {};
        if (!rule || rule.when === 'never') return [];
        /** A shell of GitLab's runner: bash that stops at the first failing command; after_script also learns the job's status. */
        const shellOf =
          (commands: unknown[], afterScript: boolean): Step['shell'] =>
          (state) => ({
            script: ['set -eo pipefail', ...commands.map((command) => withClientInstall(String(command), options))].join('\n'),
            argv: (file) => ['bash', file],
            env: {
              ...baseEnvironment(options, state),
              CI_PROJECT_DIR: state.workspace,
              CI_JOB_NAME: name,
              ...env,
              ...(afterScript ? {CI_JOB_STATUS: state.failed ? 'failed' : 'success'} : {}),
            },
          });
        const steps: Step[] = [
          {
            name: 'script',
            line: lineIn(name, 'script') ?? lineOf(name),
            runs: () => true,
            shell: shellOf([...list(job.before_script), ...list(job.script)], false),
          },
        ];
        if (job.after_script) {
          steps.push({
            name: 'after_script',
            line: lineIn(name, 'after_script') ?? lineOf(name),
            runs: () => true,
            failsJob: false,
            shell: shellOf(list(job.after_script), true),
          });
        }
        const artifacts = mapping(job.artifacts);
        if (job.artifacts) {
          const when = String(artifacts.when ?? 'on_success');
          steps.push({
            name: 'artifacts',
            line: lineIn(name, 'artifacts') ?? lineOf(name),
            runs: (state) => when === 'always' || (when === 'on_failure') === state.failed,
            // GitLab warns about an artifact path that matches nothing, and the job's result stays.
            upload: {paths: [...list(artifacts.paths), ...Object.values(mapping(artifacts.reports)).flatMap(list)].map(String), required: false},
          });
        }
        const timeoutLine = lineIn(name, 'timeout');
        return [
          {
            name,
            line: lineOf(name),
            steps,
            limit: job.timeout
              ? {minutes: durationMinutes(String(job.timeout)), line: timeoutLine ?? 0, what: 'timeout'}
              : {minutes: DEFAULT_TIMEOUT, line: 0, what: "GitLab's default project timeout"},
          },
        ];
      });
  },
};
