/**
 * Azure Pipelines: the jobs a pull request validation build or the nightly
 * schedule runs, each step under its `condition:` (succeeded() when it has
 * none), `$(macro)` variables expanded before a step runs, non-secret
 * variables in the environment and secrets only where `env:` maps them,
 * `script` and `bash` steps run with `bash --noprofile --norc` (no -e), a
 * step's `##vso[task.setvariable]` read for the later ones, publishing
 * tasks simulated.
 */
import {baseEnvironment, list, mapping, parseYamlBlock, readKeys, withClientInstall, type CiSystem, type Job, type JobState, type Step} from './step-runner';

/** A job without timeoutInMinutes ends after an hour. */
const DEFAULT_TIMEOUT = 60;

interface Variable {
  value: string;
  secret: boolean;
}
type Variables = Map<string, Variable>;

/** A condition expression: functions, 'strings', numbers, True/False, variables['Name'] and variables.Name. */
export function azureCondition(expression: string, variables: Variables, failed: boolean): boolean {
  const tokens = [...expression.matchAll(/\s*('(?:[^']|'')*'|[\w.]+|\[|\]|\(|\)|,)/gy)].map((match) => match[1]);
  if (tokens.join('').replace(/\s/g, '') !== expression.replace(/\s/g, '')) throw new Error(`condition: cannot read "${expression}"`);
  let position = 0;
  const text = (value: unknown) => (typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value ?? ''));
  const truthy = (value: unknown) => (typeof value === 'string' ? value !== '' : Boolean(value));
  const equal = (left: unknown, right: unknown) => text(left).toLowerCase() === text(right).toLowerCase();
  const functions: Record<string, (...args: unknown[]) => unknown> = {
    and: (...args) => args.every(truthy),
    or: (...args) => args.some(truthy),
    not: (value) => !truthy(value),
    eq: equal,
    ne: (left, right) => !equal(left, right),
    in: (value, ...options) => options.some((option) => equal(value, option)),
    notIn: (value, ...options) => !options.some((option) => equal(value, option)),
    contains: (value, part) => text(value).toLowerCase().includes(text(part).toLowerCase()),
    startsWith: (value, part) => text(value).toLowerCase().startsWith(text(part).toLowerCase()),
    succeeded: () => !failed,
    failed: () => failed,
    succeededOrFailed: () => true,
    always: () => true,
    canceled: () => false,
  };
  const value = (): unknown => {
    const token = tokens[position++];
    if (token.startsWith("'")) return token.slice(1, -1).replace(/''/g, "'");
    if (/^\d+(\.\d+)?$/.test(token)) return Number(token);
    if (/^(true|false)$/i.test(token)) return token.toLowerCase() === 'true';
    if (token === 'variables' && tokens[position] === '[') {
      const name = String(tokens[position + 1]).slice(1, -1);
      position += 3;
      return variables.get(name.toLowerCase())?.value ?? '';
    }
    if (token.startsWith('variables.')) return variables.get(token.slice('variables.'.length).toLowerCase())?.value ?? '';
    const call = Object.entries(functions).find(([name]) => name.toLowerCase() === token.toLowerCase())?.[1];
    if (!call || tokens[position] !== '(') throw new Error(`condition: "${token}" is not read by this runner, in "${expression}"`);
    position += 1;
    const args: unknown[] = [];
    while (tokens[position] !== ')') {
      args.push(value());
      if (tokens[position] === ',') position += 1;
    }
    position += 1;
    return call(...args);
  };
  return truthy(value());
}

/** `$(name)` replaced by the variable's value; an undefined one stays as written, as Azure leaves it. */
const expand = (text: string, variables: Variables) => text.replace(/\$\(([\w.]+)\)/g, (all, name: string) => variables.get(name.toLowerCase())?.value ?? all);

export const azurePipelines: CiSystem = {
  name: 'Azure Pipelines',
  file: /^azure-pipelines\.yml$/,
  jobs(block, options) {
    const {value: config, lineOf, findLine} = parseYamlBlock(block);
    const {settings, trigger} = options;
    if (trigger === 'pull-request') {
      const pr = config.pr;
      const include = Array.isArray(pr) ? pr : list(mapping(mapping(pr).branches).include);
      if (pr === 'none' || (pr !== undefined && !include.some((branch) => branch === 'main' || branch === '*'))) return [];
    } else if (!list(config.schedules).some((schedule) => list(mapping(mapping(schedule).branches).include).includes('main'))) return [];
    const groups: Record<string, Record<string, Variable>> = {
      dast: {
        TARGET_ID: {value: settings.targetId, secret: false},
        REDUCED_SCOPE_ID: {value: settings.reducedScopeId, secret: false},
        FULL_PROFILE_ID: {value: settings.fullProfileId, secret: false},
        SCANNER_API_KEY: {value: settings.apiKey, secret: true},
      },
    };
    /** The variables a job starts with: predefined, then the pipeline's and the job's. */
    const initialVariables = (state: JobState, job: Record<string, unknown>, jobIndex: number): Variables => {
      const variables: Variables = new Map();
      const set = (name: string, value: string, secret = false) => variables.set(name.toLowerCase(), {value, secret});
      set('Build.Reason', trigger === 'pull-request' ? 'PullRequest' : 'Schedule');
      set('Build.BuildId', '1432');
      set('Build.SourceBranch', trigger === 'pull-request' ? 'refs/pull/17/merge' : 'refs/heads/main');
      if (trigger === 'pull-request') {
        set('System.PullRequest.PullRequestId', '17');
        set('System.PullRequest.TargetBranch', 'refs/heads/main');
      }
      set('Pipeline.Workspace', state.temp);
      set('Agent.TempDirectory', state.temp);
      set('Build.SourcesDirectory', state.workspace);
      set('System.DefaultWorkingDirectory', state.workspace);
      set('Build.ArtifactStagingDirectory', state.temp);
      for (const [where, entries] of [
        [['variables'], config.variables],
        [['jobs', jobIndex, 'variables'], job.variables],
      ] as const) {
        const items = Array.isArray(entries) ? entries.map(mapping) : Object.entries(mapping(entries)).map(([name, value]) => ({name, value}));
        items.forEach((item, index) => {
          if (item.group !== undefined) {
            const group = groups[String(item.group)];
            if (!group) throw new Error(`${block.file}:${lineOf(...where, index)}: variable group ${String(item.group)} is not one the page asks for`);
            for (const [name, variable] of Object.entries(group)) set(name, variable.value, variable.secret);
          } else set(String(item.name), String(item.value ?? ''));
        });
      }
      // Variables a step set with task.setvariable.
      for (const [name, value] of Object.entries(state.variables)) set(name, value);
      return variables;
    };

    const jobs = config.jobs ? list(config.jobs).map(mapping) : [{job: 'job', steps: config.steps}];
    return jobs.map((job, jobIndex): Job => {
      readKeys(
        job,
        ['job', 'displayName', 'timeoutInMinutes', 'steps', 'variables', 'pool'],
        `${block.file}:${config.jobs ? lineOf('jobs', jobIndex) : block.line}`,
      );
      if (job.job === undefined) throw new Error(`${block.file}:${lineOf('jobs', jobIndex)}: only job: entries are run by this runner`);
      const stepsAt = config.jobs ? ['jobs', jobIndex, 'steps'] : ['steps'];
      const steps = list(job.steps).map((value, index): Step => {
        const step = mapping(value);
        const line = lineOf(...stepsAt, index);
        const where = `${block.file}:${line}`;
        readKeys(
          step,
          ['task', 'inputs', 'script', 'bash', 'checkout', 'displayName', 'name', 'condition', 'env', 'continueOnError', 'timeoutInMinutes'],
          where,
        );
        const conditionText = String(step.condition ?? 'succeeded()');
        const runs = (state: JobState) => {
          try {
            return azureCondition(conditionText, initialVariables(state, job, jobIndex), state.failed);
          } catch (error) {
            throw new Error(`${where}: ${(error as Error).message}`);
          }
        };
        const name = String(step.displayName ?? step.task ?? step.script ?? step.bash);
        const limit =
          step.timeoutInMinutes === undefined
            ? undefined
            : {minutes: Number(step.timeoutInMinutes), line: lineOf(...stepsAt, index, 'timeoutInMinutes'), what: 'timeoutInMinutes'};
        const base = {name, line, runs, limit, failsJob: step.continueOnError !== true};
        if (step.task !== undefined) {
          const task = String(step.task);
          const inputs = mapping(step.inputs);
          if (task.startsWith('PublishTestResults@')) {
            const files = String(inputs.testResultsFiles ?? '**/TEST-*.xml')
              .split('\n')
              .filter(Boolean);
            return {...base, upload: {paths: files, required: inputs.failTaskOnMissingResultsFile === true}};
          }
          if (task.startsWith('PublishBuildArtifacts@'))
            return {...base, upload: {paths: [String(inputs.PathtoPublish ?? '$(Build.ArtifactStagingDirectory)')], required: true}};
          return base;
        }
        if (step.checkout !== undefined) return base;
        const script = step.script ?? step.bash;
        if (script === undefined) throw new Error(`${where}: a step of a kind this runner does not run`);
        return {
          ...base,
          shell: (state) => {
            const variables = initialVariables(state, job, jobIndex);
            const env: Record<string, string> = baseEnvironment(options, state);
            for (const [key, variable] of variables) if (!variable.secret) env[key.replace(/\./g, '_').toUpperCase()] = variable.value;
            for (const [key, value] of Object.entries(mapping(step.env))) env[key] = expand(String(value), variables);
            return {script: withClientInstall(expand(String(script), variables), options), argv: (file) => ['bash', '--noprofile', '--norc', file], env};
          },
          read: (stdout, state) => {
            for (const [, name, value] of stdout.matchAll(/^##vso\[task\.setvariable variable=([^;\]]+)[^\]]*\](.*)$/gm)) state.variables[name] = value;
          },
        };
      });
      const timeout = job.timeoutInMinutes;
      const timeoutLine = findLine('jobs', jobIndex, 'timeoutInMinutes');
      return {
        name: String(job.job),
        line: config.jobs ? lineOf('jobs', jobIndex) : block.line + 1,
        steps,
        limit:
          timeout === undefined
            ? {minutes: DEFAULT_TIMEOUT, line: 0, what: "Azure Pipelines' default job timeout"}
            : {minutes: Number(timeout), line: timeoutLine ?? 0, what: 'timeoutInMinutes'},
      };
    });
  },
};
