/**
 * The pipeline configurations of the CI/CD guides: the GitHub Actions
 * workflow passes action-validator (GitHub's workflow schema from
 * SchemaStore), the GitLab file GitLab's own schema, and the Azure Pipelines,
 * CircleCI and Bitbucket files their platforms' schemas (tests/fixtures/ci/);
 * each has the keys its platform requires;
 * every one runs the quick scan on pull requests and the full scan on a
 * schedule, gates with --fail-on, and swallows no failure. (The drift check
 * holds their commands and options to the CLI description.)
 */
import fs from 'node:fs';
import path from 'node:path';
import {validateWorkflow} from '@action-validator/core';
import Ajv from 'ajv';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {portalConfig, portalTokens} from '../../portal.config';
import {documentationFiles} from '../../lib/docs/drift';
import {docCodeBlocks, docFileBlock, type DocCodeBlock} from '../doc-code-blocks';
import {GITLAB_CI_LOCAL_LIMIT, runGitlabCiLocal} from '../gitlab-ci-local';
import {repoRoot} from '../../lib/paths';

const cli = portalConfig.cliName;
const github = docFileBlock('docs/cli/ci/github-actions.md', '.github/workflows/dast.yml');
const gitlab = docFileBlock('docs/cli/ci/gitlab-ci.md', '.gitlab-ci.yml');
const jenkins = docFileBlock('docs/cli/ci/jenkins.md', 'Jenkinsfile');
const azure = docFileBlock('docs/cli/ci/azure-pipelines.md', 'azure-pipelines.yml');
const circleci = docFileBlock('docs/cli/ci/circleci.md', '.circleci/config.yml');
const bitbucket = docFileBlock('docs/cli/ci/bitbucket-pipelines.md', 'bitbucket-pipelines.yml');
const all = [github, gitlab, jenkins, azure, circleci, bitbucket];

/** Ways a pipeline lets a failing step pass; none may appear. */
const SWALLOWED = [/\|\|\s*true/, /continue-on-error:\s*true/, /allow_failure:\s*true/, /continueOnError:\s*true/, /returnStatus/, /catchError/, /set \+e/];

type Mapping = Record<string, unknown>;

/** Minutes of a duration as CircleCI and the client write it (4h30m, 45m, 2h). */
function minutes(duration: string): number {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?$/.exec(duration);
  if (!match || duration === '') throw new Error(`"${duration}" is no duration`);
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}
const mapping = (value: unknown): Mapping => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Mapping) : {});

/** The problems GitLab's CI schema finds in a .gitlab-ci.yml, as gitlab-ci-local reports them; empty when it is valid. */
function gitlabSchemaProblems(config: string): string {
  const {failed, output} = runGitlabCiLocal(config, ['--list']);
  return failed ? output : '';
}

/**
 * A CI platform's published schema (tests/fixtures/ci/README.md), compiled once. Their patterns are written for
 * JavaScript's RegExp without the `u` flag, as the editors that publish them read them.
 */
function platformSchema(file: string): (config: unknown) => string[] {
  let validate: ReturnType<Ajv['compile']> | undefined;
  return (config) => {
    validate ??= new Ajv({strict: false, unicodeRegExp: false}).compile(JSON.parse(fs.readFileSync(path.join(repoRoot, 'tests/fixtures/ci', file), 'utf8')));
    return validate(config) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
  };
}

/** Azure Pipelines reads every scalar as a string (its schema types `timeoutInMinutes` so), hence YAML's failsafe schema. */
const azureSchemaProblems = (text: string) => azureSchema(parse(text, {schema: 'failsafe'}));
const azureSchema = platformSchema('azure-pipelines-schema.json');
const circleciSchemaProblems = (text: string) => circleciSchema(parse(text));
const circleciSchema = platformSchema('circleci-schema.json');
const bitbucketSchemaProblems = (text: string) => bitbucketSchema(parse(text));
const bitbucketSchema = platformSchema('bitbucket-pipelines-schema.json');

/** The Azure Pipelines schema is 1.6 MB: compiling it takes seconds, more on a loaded machine. */
const AZURE_SCHEMA_LIMIT = 60_000;

/** The CI configuration files a page may show, by the name its block's title gives. */
const CI_FILES = /^(\.github\/workflows\/[\w.-]+\.ya?ml|\.gitlab-ci\.yml|azure-pipelines\.yml|\.circleci\/config\.yml|bitbucket-pipelines\.yml)$/;
/** Top-level keys only a CI configuration has. */
const CI_KEYS = ['jobs', 'pipelines', 'stages', 'workflows', 'steps', 'trigger', 'on'];

/** Every YAML block of the hand-written pages that is a CI configuration, by its keys or by its title. */
function ciConfigurationBlocks(): DocCodeBlock[] {
  return documentationFiles()
    .flatMap((file) => docCodeBlocks(file))
    .filter((block) => {
      if (!/^ya?ml$/.test(block.lang)) return false;
      const title = /title="([^"]*)"/.exec(block.meta)?.[1] ?? '';
      let keys: string[] = [];
      try {
        keys = Object.keys(mapping(parse(block.value)));
      } catch {
        // Not YAML as a whole (a fragment): not a configuration file.
      }
      return CI_FILES.test(title) || keys.some((key) => CI_KEYS.includes(key));
    });
}

describe('every CI configuration a page shows', () => {
  const blocks = ciConfigurationBlocks();

  it('names its file in its title, so that its kind is known', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(all.length);
    for (const block of blocks) expect(/title="([^"]*)"/.exec(block.meta)?.[1], `${block.file}:${block.line}`).toMatch(CI_FILES);
  });

  it(
    "is valid by its platform's own validator: action-validator for GitHub workflows, GitLab's, Azure Pipelines', CircleCI's and Bitbucket's schemas",
    () => {
      for (const block of blocks) {
        const title = /title="([^"]*)"/.exec(block.meta)?.[1] ?? '';
        const where = `${block.file}:${block.line}`;
        if (title.startsWith('.github/workflows/')) expect(validateWorkflow(block.value).errors, where).toEqual([]);
        else if (title === '.gitlab-ci.yml') expect(gitlabSchemaProblems(block.value), where).toBe('');
        else if (title === 'azure-pipelines.yml') expect(azureSchemaProblems(block.value), where).toEqual([]);
        else if (title === '.circleci/config.yml') expect(circleciSchemaProblems(block.value), where).toEqual([]);
        else if (title === 'bitbucket-pipelines.yml') expect(bitbucketSchemaProblems(block.value), where).toEqual([]);
        else expect.unreachable(`${where}: no validator for ${title}`);
      }
    },
    Math.max(GITLAB_CI_LOCAL_LIMIT, AZURE_SCHEMA_LIMIT),
  );

  it(
    "Azure Pipelines' schema rejects a step of no kind it knows",
    () => {
      expect(azureSchemaProblems(azure.value.replace(/^(\s+)- bash: /m, '$1- bsh: ')).length).toBeGreaterThan(0);
    },
    AZURE_SCHEMA_LIMIT,
  );

  it("CircleCI's schema rejects a run step without its command", () => {
    expect(circleciSchemaProblems(circleci.value.replace(/^(\s+)command: /m, '$1commands: ')).length).toBeGreaterThan(0);
  });

  it("Bitbucket's schema rejects a max-time that is no number of minutes", () => {
    expect(bitbucketSchemaProblems(bitbucket.value.replace(/max-time: \d+/, 'max-time: 40m'))).toContainEqual(
      expect.stringMatching(/max-time must be integer/),
    );
  });

  it(
    "GitLab's schema rejects a job with a key GitLab does not have",
    () => {
      expect(gitlabSchemaProblems(gitlab.value.replace('  stage: dast\n', '  stage: dast\n  allow_failures: true\n'))).toMatch(
        /'allow_failures' property is not expected to be here/,
      );
    },
    GITLAB_CI_LOCAL_LIMIT,
  );

  it('action-validator rejects a workflow without its trigger', () => {
    expect(validateWorkflow(github.value.replace(/^on:\n(?: .*\n)+/m, '')).errors.length).toBeGreaterThan(0);
  });
});

describe('the CI pipelines', () => {
  it.each(all.map((block) => [block.file, block] as const))('%s gates a quick scan and a full scan with --fail-on, and swallows no failure', (_file, block) => {
    const scans = [...block.value.matchAll(new RegExp(`${cli} scans (?:start|wait) [^\\n]*(?:\\n[^\\n]*){0,3}`, 'g'))].map((match) => match[0]);
    expect(scans.some((scan) => scan.includes('--reduced-scope') && /--wait --fail-on high/.test(scan))).toBe(true);
    // The full scan: started and waited for, or run by a schedule and its latest scan waited for.
    const fullScan = scans.some((scan) => scan.includes('--scan-profile') && /--wait --fail-on high/.test(scan));
    const scheduledFullScan =
      new RegExp(`${cli} scans list [^\\n]*--scan-profile`).test(block.value) &&
      scans.some((scan) => scan.startsWith(`${cli} scans wait`) && scan.includes('--fail-on high'));
    expect(fullScan || scheduledFullScan).toBe(true);
    expect(block.value).toContain(`${cli} whoami --quiet`);
    // The client comes from the package the deployment names (PORTAL_CLI_PACKAGE), by default the portal's own.
    const installs = block.value.split('\n').filter((line) => line.includes('npm install --global'));
    expect(installs.length).toBeGreaterThan(0);
    for (const install of installs) expect(install).toContain(portalTokens(portalConfig).cliPackage);
    for (const pattern of SWALLOWED) expect(block.value, `${block.file}:${block.line} ${pattern}`).not.toMatch(pattern);
  });

  it.each(all.map((block) => [block.file, block] as const))("%s writes a report only once the scan ended, and exits with the gate's code", (_file, block) => {
    const gates = [...block.value.matchAll(/--fail-on high[^\n]*--output (?:junit|sarif) > ("?[^\s"]+"?)(.*)/g)];
    expect(gates.length).toBeGreaterThanOrEqual(2);
    for (const [, target, rest] of gates) {
      // The shell creates the redirected file before the client runs: the report itself must not be it.
      expect(target, `${block.file}: the gate writes ${target}`).toMatch(/\.part$|^"\$RUNNER_TEMP\//);
      expect(rest.trim()).toBe('|| status=$?');
    }
    const kept = block.value.match(/case "\$status" in 0\|10\|11\)|0\|10\|11\)\n/g) ?? [];
    expect(kept.length, `${block.file}: the report is kept on 0, 10 and 11 only`).toBe(gates.length);
    expect(block.value.match(/exit "\$status"/g)?.length, `${block.file}: exits with the gate's code`).toBe(gates.length);
  });

  it('GitHub Actions: the workflow is valid, runs bash with pipefail, fails without the key instead of skipping, keeps the report even when the gate fails', () => {
    expect(validateWorkflow(github.value).errors).toEqual([]);
    const workflow = parse(github.value);
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['pull_request', 'schedule']));
    expect(workflow.defaults.run.shell).toBe('bash');
    const job = workflow.jobs.scan;
    // A skipped job satisfies a required check: the job has no condition.
    expect(job.if).toBeUndefined();
    expect(job.env[`${cli.toUpperCase()}_API_KEY`]).toBe('${{ secrets.SCANNER_API_KEY }}');
    const steps = job.steps as Mapping[];
    expect(String(steps[0].run)).toMatch(new RegExp(`if \\[ -z "\\$${cli.toUpperCase()}_API_KEY" \\]; then\\n[^\\n]*::error::[^\\n]*\\n\\s*exit 1`));
    const keep = steps.find((step) => String(step.uses).startsWith('actions/upload-artifact@'));
    expect(keep?.if).toBe("always() && hashFiles('results.sarif') != ''");
    expect(steps.some((step) => String(step.uses).includes('upload-sarif'))).toBe(false);
    // Values of the workflow reach scripts through the environment, never pasted into them.
    for (const step of steps) expect(String(step.run ?? ''), String(step.name)).not.toMatch(/\$\{\{/);
  });

  it('GitHub Actions: the validator rejects a broken workflow', () => {
    const broken = github.value.replace('runs-on: ubuntu-latest', 'runs-on: ubuntu-latest\n    continue-on-failure: true');
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
  });

  it('GitLab CI: jobs have a declared stage and a script, merge request and schedule rules, and a JUnit report kept on failure', () => {
    const config = parse(gitlab.value) as Mapping;
    const stages = config.stages as string[];
    const jobs = Object.entries(config).filter(([name]) => !name.startsWith('.') && !['stages', 'variables', 'default', 'workflow', 'include'].includes(name));
    const resolved = jobs.map(([name, job]) => {
      const own = mapping(job);
      return [name, {...mapping(own.extends ? config[own.extends as string] : {}), ...own}] as const;
    });
    expect(resolved.length).toBe(2);
    for (const [name, job] of resolved) {
      expect(stages, name).toContain(job.stage);
      expect(Array.isArray(job.script), name).toBe(true);
      expect(mapping(mapping(job.artifacts).reports).junit, name).toBe('junit.xml');
      expect(mapping(job.artifacts).when, name).toBe('always');
    }
    const conditions = resolved.flatMap(([, job]) => (job.rules as Mapping[]).map((rule) => rule.if));
    expect(conditions).toEqual(['$CI_PIPELINE_SOURCE == "merge_request_event"', '$CI_PIPELINE_SOURCE == "schedule"']);
  });

  it('Jenkins: a declarative pipeline, balanced, with credentials binding, change request and timer stages, and results recorded always', () => {
    const source = jenkins.value;
    expect(source.trimStart().startsWith('pipeline {')).toBe(true);
    let depth = 0;
    for (const character of source.replace(/'''[^]*?'''|'[^'\n]*'|"[^"\n]*"|\/\/[^\n]*/g, '')) {
      if (character === '{') depth += 1;
      if (character === '}') depth -= 1;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(depth).toBe(0);
    for (const section of ['agent', 'options', 'triggers', 'environment', 'stages', 'post']) expect(source).toMatch(new RegExp(`\\n  ${section} \\{`));
    expect(source).toContain('changeRequest()');
    expect(source).toContain("triggeredBy 'TimerTrigger'");
    expect(source).toMatch(/post \{\s*always \{\s*junit /);
    // Scripts that use the key are single-quoted (no Groovy interpolation of the secret) and run under bash with pipefail.
    const scripts = [...source.matchAll(/sh '''([^]*?)'''/g)].map((match) => match[1]);
    expect(scripts.length).toBe(2);
    for (const script of scripts) expect(script).toMatch(/^#!\/bin\/bash\n\s*set -euo pipefail/);
    expect(source.match(/withCredentials\(\[string\(credentialsId: 'scanner-api-key', variable: '[A-Z]+_API_KEY'\)\]\)/g)?.length).toBe(2);
  });

  it('Azure Pipelines: pr and schedule triggers, the secret mapped into each scan step, results published always', () => {
    const config = parse(azure.value) as Mapping;
    expect(config.trigger).toBe('none');
    expect(mapping(config.pr).branches).toBeTruthy();
    expect((config.schedules as Mapping[])[0].cron).toMatch(/^[\d*]+ [\d*]+ [\d*]+ [\d*]+ [\d*]+$/);
    const steps = (config.jobs as Mapping[])[0].steps as Mapping[];
    for (const step of steps) expect(['task', 'script', 'bash'].filter((key) => key in step).length).toBe(1);
    const scans = steps.filter((step) => String(step.bash ?? '').includes(`${cli} scans start`));
    expect(scans.length).toBe(2);
    for (const step of scans) {
      expect(String(step.bash)).toMatch(/^set -euo pipefail\n/);
      expect(mapping(step.env)[`${cli.toUpperCase()}_API_KEY`]).toBe('$(SCANNER_API_KEY)');
      // After a failed step, a scan does not start.
      expect(String(step.condition)).toMatch(/^and\(succeeded\(\), /);
      expect(String(step.bash)).toContain('##vso[task.setvariable variable=DAST_REPORTS]written');
      expect(String(step.bash)).toContain('> sarif/results.sarif');
    }
    const publishing = steps.filter((step) => /^Publish(TestResults|BuildArtifacts)@/.test(String(step.task)));
    expect(publishing.map((step) => step.condition)).toEqual(Array(2).fill("and(always(), eq(variables['DAST_REPORTS'], 'written'))"));
    expect(mapping(publishing[1].inputs).PathtoPublish).toBe('sarif');
  });

  it('CircleCI: version 2.1, jobs with an executor and steps, workflows naming existing jobs with the context', () => {
    const config = parse(circleci.value) as Mapping;
    expect(config.version).toBe(2.1);
    const jobs = mapping(config.jobs);
    for (const [name, job] of Object.entries(jobs)) {
      expect(mapping(config.executors)[mapping(job).executor as string], name).toBeTruthy();
      expect(Array.isArray(mapping(job).steps), name).toBe(true);
    }
    const workflows = Object.values(mapping(config.workflows)).map(mapping);
    expect(workflows.length).toBe(2);
    for (const workflow of workflows) {
      expect(workflow.when).toBeTruthy();
      for (const entry of workflow.jobs as Mapping[]) {
        const [name, settings] = Object.entries(entry)[0];
        expect(jobs[name]).toBeTruthy();
        expect(mapping(settings).context).toBe('dast-scanner');
      }
    }
    // CircleCI ends a quiet step at no_output_timeout, and a job at its plan's limit, an hour on some plans: the client's --timeout fits under both.
    for (const [name, job] of Object.entries(jobs)) {
      for (const step of mapping(job).steps as unknown[]) {
        const run = mapping(mapping(step).run);
        const timeout = /--timeout (\S+)/.exec(String(run.command ?? ''));
        if (!timeout) continue;
        const quiet = minutes(String(run.no_output_timeout));
        expect(quiet, `${name}: no_output_timeout`).toBeGreaterThan(minutes(timeout[1]));
        expect(quiet, `${name}: no_output_timeout`).toBeLessThanOrEqual(60);
      }
    }
  });

  it('Bitbucket Pipelines: a pull-request and a custom nightly pipeline, steps with a script and a max-time above the timeout, defined caches, JUnit reports where Bitbucket reads them', () => {
    const config = parse(bitbucket.value) as Mapping;
    expect(typeof config.image).toBe('string');
    const pipelines = mapping(config.pipelines);
    expect(Object.keys(pipelines).sort()).toEqual(['custom', 'pull-requests']);
    const caches = mapping(mapping(config.definitions).caches);
    const steps = [...Object.values(mapping(pipelines['pull-requests'])), ...Object.values(mapping(pipelines.custom))].flatMap((entries) =>
      (entries as Mapping[]).map((entry) => mapping(entry.step)),
    );
    expect(steps.length).toBe(2);
    for (const step of steps) {
      const script = step.script as string[];
      expect(Array.isArray(script), String(step.name)).toBe(true);
      for (const cache of step.caches as string[]) expect(caches[cache], `${step.name}: cache ${cache}`).toBeTruthy();
      const gate = script.find((line) => line.includes(`${cli} scans start`))!;
      expect(gate).toMatch(/^set -euo pipefail\n/);
      expect(gate).toMatch(/mv junit\.xml\.part test-results\/[\w-]+\.xml/);
      // Bitbucket stops a step at max-time (minutes): it must outlast the client's --timeout, so the client reports code 7.
      const [, amount, unit] = /--timeout (\d+)([mh])/.exec(gate)!;
      expect(step['max-time'] as number, String(step.name)).toBeGreaterThan(Number(amount) * (unit === 'h' ? 60 : 1));
    }
  });
});
