/**
 * CircleCI: the workflows a push to a pull request's branch or a scheduled
 * pipeline runs (`<< pipeline.* >>` values filled in, `when:` logic and
 * branch filters evaluated), their jobs' steps with reusable commands
 * expanded, `run` steps with `/bin/bash -eo pipefail` under their
 * `when: on_success | on_fail | always`, a context's variables only in jobs
 * that name it, cache steps as no-ops and `store_test_results` and
 * `store_artifacts` simulated; CircleCI runs those two after a failed step too.
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
  type JobState,
  type Step,
} from './step-runner';

/** A run step that prints nothing for this long is ended. */
const DEFAULT_NO_OUTPUT_TIMEOUT = '10m';

/** A logic statement of `when:` (equal, not, and, or, matches; any other value by its truth). */
function logic(statement: unknown): boolean {
  const value = mapping(statement);
  if ('equal' in value) return list(value.equal).every((item) => String(item) === String(list(value.equal)[0]));
  if ('not' in value) return !logic(value.not);
  if ('and' in value) return list(value.and).every(logic);
  if ('or' in value) return list(value.or).some(logic);
  if ('matches' in value) {
    const {pattern, value: text} = mapping(value.matches);
    return new RegExp(`^(?:${String(pattern)})$`).test(String(text));
  }
  return Boolean(statement) && statement !== 'false';
}

/** Whether a branch passes a workflow job's `filters.branches` (`only`, `ignore`: names or /regexes/). */
function branchAllowed(filters: unknown, branch: string): boolean {
  const branches = mapping(mapping(filters).branches);
  const matches = (patterns: unknown) =>
    list(patterns).some((pattern) => {
      const text = String(pattern);
      return text.startsWith('/') && text.endsWith('/') ? new RegExp(`^(?:${text.slice(1, -1)})$`).test(branch) : text === branch;
    });
  if (branches.only !== undefined && !matches(branches.only)) return false;
  return !matches(branches.ignore);
}

export const circleci: CiSystem = {
  name: 'CircleCI',
  file: /^\.circleci\/config\.yml$/,
  jobs(block, options) {
    const {settings, trigger} = options;
    const pipelineValues: Record<string, string> =
      trigger === 'pull-request' ? {trigger_source: 'webhook', 'git.branch': 'feature/scan'} : {trigger_source: 'scheduled_pipeline', 'git.branch': 'main'};
    // Pipeline values are filled in before the configuration is read; lines stay where they are.
    const filled = {...block, value: block.value.replace(/<<\s*pipeline\.([\w.]+)\s*>>/g, (all, name: string) => pipelineValues[name] ?? all)};
    const {value: config, lineOf} = parseYamlBlock(filled);
    const contexts: Record<string, Record<string, string>> = {
      'dast-scanner': {
        [keyVariable]: settings.apiKey,
        TARGET_ID: settings.targetId,
        REDUCED_SCOPE_ID: settings.reducedScopeId,
        FULL_PROFILE_ID: settings.fullProfileId,
      },
    };
    const branch = pipelineValues['git.branch'];
    const jobs = mapping(config.jobs);
    const commands = mapping(config.commands);

    /** A job's steps with reusable commands expanded, each with the page line of the step it came from. */
    const expand = (items: unknown[], at: (index: number) => number): {step: unknown; line: number}[] =>
      items.flatMap((item, index) => {
        const name = typeof item === 'string' ? item : Object.keys(mapping(item))[0];
        if (name in commands) return expand(list(mapping(commands[name]).steps), (inner) => lineOf('commands', name, 'steps', inner));
        return [{step: item, line: at(index)}];
      });

    return Object.values(mapping(config.workflows)).flatMap((value) => {
      const workflow = mapping(value);
      if (workflow.when !== undefined && !logic(workflow.when)) return [];
      if (workflow.unless !== undefined && logic(workflow.unless)) return [];
      return list(workflow.jobs).flatMap((entry): Job[] => {
        const [name, settingsOfJob] = typeof entry === 'string' ? [entry, {}] : (Object.entries(mapping(entry))[0] as [string, unknown]);
        const jobSettings = mapping(settingsOfJob);
        if (!branchAllowed(jobSettings.filters, branch)) return [];
        const job = mapping(jobs[name]);
        if (!jobs[name]) throw new Error(`${block.file}:${block.line}: the workflow names job ${name}, which does not exist`);
        readKeys(jobSettings, ['context', 'filters', 'requires', 'name'], `${block.file}:${block.line}`);
        readKeys(job, ['executor', 'steps', 'environment', 'resource_class', 'docker', 'working_directory'], `${block.file}:${lineOf('jobs', name)}`);
        const contextVariables = Object.assign({}, ...list(jobSettings.context).map((context) => contexts[String(context)] ?? {}));
        const environment = (state: JobState): Record<string, string> => ({
          ...baseEnvironment(options, state),
          CIRCLECI: 'true',
          CIRCLE_BRANCH: branch,
          CIRCLE_BUILD_NUM: '311',
          CIRCLE_WORKING_DIRECTORY: state.workspace,
          ...(trigger === 'pull-request' ? {CIRCLE_PULL_REQUEST: 'https://github.com/example/shop/pull/42'} : {}),
          ...contextVariables,
          ...Object.fromEntries(Object.entries(mapping(job.environment)).map(([key, value]) => [key, String(value)])),
        });
        const steps = expand(list(job.steps), (index) => lineOf('jobs', name, 'steps', index)).map(({step: item, line}): Step => {
          const kind = typeof item === 'string' ? item : Object.keys(mapping(item))[0];
          const body = typeof item === 'string' ? {} : mapping(mapping(item)[kind]);
          if (kind === 'run') {
            const run = typeof mapping(item).run === 'string' ? {command: mapping(item).run} : body;
            readKeys(run, ['name', 'command', 'when', 'no_output_timeout', 'shell', 'environment'], `${block.file}:${line}`);
            const when = String(run.when ?? 'on_success');
            const quiet = String(run.no_output_timeout ?? DEFAULT_NO_OUTPUT_TIMEOUT);
            const shell = run.shell ? String(run.shell).split(/\s+/) : ['bash', '-eo', 'pipefail'];
            return {
              name: String(run.name ?? run.command),
              line,
              runs: (state) => when === 'always' || (when === 'on_fail') === state.failed,
              limit: {
                minutes: durationMinutes(quiet),
                line: run.no_output_timeout ? line : 0,
                what: run.no_output_timeout ? 'no_output_timeout' : "CircleCI's default no_output_timeout",
              },
              shell: (state) => ({
                script: withClientInstall(String(run.command), options),
                argv: (file) => [...shell, file],
                env: {...environment(state), ...Object.fromEntries(Object.entries(mapping(run.environment)).map(([key, value]) => [key, String(value)]))},
              }),
            };
          }
          if (kind === 'store_test_results' || kind === 'store_artifacts') {
            return {name: kind, line, runs: () => true, upload: {paths: [String(body.path)], required: false}};
          }
          if (['checkout', 'restore_cache', 'save_cache', 'setup_remote_docker', 'persist_to_workspace', 'attach_workspace'].includes(kind)) {
            const when = String(body.when ?? 'on_success');
            return {name: kind, line, runs: (state) => when === 'always' || (when === 'on_fail') === state.failed};
          }
          throw new Error(`${block.file}:${line}: the step ${kind} is not run by this runner`);
        });
        return [{name, line: lineOf('jobs', name), steps, limit: {minutes: Infinity, line: 0, what: "the plan's job limit"}}];
      });
    });
  },
};
