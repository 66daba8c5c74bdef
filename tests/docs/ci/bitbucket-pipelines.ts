/**
 * Bitbucket Pipelines: the pipeline of a pull request (the first
 * `pull-requests` glob matching its branch) or the custom pipeline a schedule
 * runs, its step's `script` lines in one bash where a line that exits
 * non-zero fails the step, `after-script` in a shell of its own whatever the
 * result, and the JUnit reports Bitbucket finds on its own in the folders
 * it searches (`test-results`, `test-reports`, ...), whatever the result.
 */
import path from 'node:path';
import {baseEnvironment, keyVariable, list, mapping, parseYamlBlock, readKeys, withClientInstall, type CiSystem, type Job, type JobState} from './step-runner';

/** A step without max-time ends after two hours. */
const DEFAULT_MAX_TIME = 120;
/** The custom pipeline the page's schedule runs ("Before you start"). */
const SCHEDULED_PIPELINE = 'nightly';
/** Where Bitbucket looks for test reports after a step. */
const TEST_REPORTS = [
  '**/surefire-reports/**/*.xml',
  '**/failsafe-reports/**/*.xml',
  '**/test-results/**/*.xml',
  '**/test-reports/**/*.xml',
  '**/TestResults/**/*.xml',
];

export const bitbucketPipelines: CiSystem = {
  name: 'Bitbucket Pipelines',
  file: /^bitbucket-pipelines\.yml$/,
  jobs(block, options) {
    const {value: config, lineOf} = parseYamlBlock(block);
    const {settings, trigger} = options;
    const pipelines = mapping(config.pipelines);
    const branch = 'feature/scan';
    const [kind, name] =
      trigger === 'pull-request'
        ? ['pull-requests', Object.keys(mapping(pipelines['pull-requests'])).find((glob) => path.matchesGlob(branch, glob))]
        : ['custom', SCHEDULED_PIPELINE in mapping(pipelines.custom) ? SCHEDULED_PIPELINE : undefined];
    if (name === undefined) return [];
    const items = list(mapping(pipelines[kind])[name]).map(mapping);
    if (items.length !== 1 || !items[0].step)
      throw new Error(`${block.file}:${lineOf('pipelines', kind, name)}: only a pipeline of one step is run by this runner`);
    const step = mapping(items[0].step);
    const at = (...keys: (string | number)[]) => lineOf('pipelines', kind, name, 0, 'step', ...keys);
    readKeys(step, ['name', 'caches', 'max-time', 'script', 'after-script', 'image', 'size'], `${block.file}:${at()}`);
    const environment = (state: JobState): Record<string, string> => ({
      ...baseEnvironment(options, state),
      BITBUCKET_BUILD_NUMBER: '88',
      BITBUCKET_BRANCH: trigger === 'pull-request' ? branch : 'main',
      BITBUCKET_CLONE_DIR: state.workspace,
      ...(trigger === 'pull-request' ? {BITBUCKET_PR_ID: '42', BITBUCKET_PR_DESTINATION_BRANCH: 'main'} : {}),
      [keyVariable]: settings.apiKey,
      TARGET_ID: settings.targetId,
      REDUCED_SCOPE_ID: settings.reducedScopeId,
      FULL_PROFILE_ID: settings.fullProfileId,
    });
    // Each line runs in the same shell; the step fails with the first line that exits non-zero.
    const lines = (commands: unknown[]) =>
      commands
        .map((command) => `${withClientInstall(String(command), options)}\nstatus_of_line=$?; [ "$status_of_line" -eq 0 ] || exit "$status_of_line"`)
        .join('\n');
    const maxTime = step['max-time'] ?? mapping(config.options)['max-time'];
    const job: Job = {
      name: String(step.name ?? name),
      line: at(),
      steps: [
        {
          name: 'script',
          line: at('script'),
          runs: () => true,
          shell: (state) => ({script: lines(list(step.script)), argv: (file) => ['bash', file], env: environment(state)}),
        },
      ],
      limit:
        maxTime === undefined
          ? {minutes: DEFAULT_MAX_TIME, line: 0, what: "Bitbucket's default max-time"}
          : {minutes: Number(maxTime), line: step['max-time'] === undefined ? lineOf('options', 'max-time') : at('max-time'), what: 'max-time'},
    };
    if (step['after-script']) {
      job.steps.push({
        name: 'after-script',
        line: at('after-script'),
        runs: () => true,
        failsJob: false,
        shell: (state) => ({
          script: lines(list(step['after-script'])),
          argv: (file) => ['bash', file],
          env: {...environment(state), BITBUCKET_EXIT_CODE: state.failed ? '1' : '0'},
        }),
      });
    }
    job.steps.push({name: 'test reports', line: at(), runs: () => true, upload: {paths: TEST_REPORTS, required: false}});
    return [job];
  },
};
