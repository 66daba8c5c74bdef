/**
 * The pipeline configurations of the CI/CD guides: the GitHub Actions
 * workflow passes action-validator (GitHub's workflow schema from
 * SchemaStore), the others parse and have the keys their platform requires;
 * every one runs the quick scan on pull requests and the full scan on a
 * schedule, gates with --fail-on, and swallows no failure. (The drift check
 * holds their commands and options to the CLI description.)
 */
import {validateWorkflow} from '@action-validator/core';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {portalConfig} from '../../portal.config';
import {docFileBlock} from '../doc-code-blocks';

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
const mapping = (value: unknown): Mapping => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Mapping) : {});

describe('the CI pipelines', () => {
  it.each(all.map((block) => [block.file, block] as const))('%s gates a quick scan and a full scan with --fail-on, and swallows no failure', (_file, block) => {
    const scans = [...block.value.matchAll(new RegExp(`${cli} scans start [^\\n]*(?:\\n[^\\n]*){0,3}`, 'g'))].map((match) => match[0]);
    expect(scans.some((scan) => scan.includes('--reduced-scope') && /--wait --fail-on high/.test(scan))).toBe(true);
    expect(scans.some((scan) => scan.includes('--scan-profile') && /--wait --fail-on high/.test(scan))).toBe(true);
    expect(block.value).toContain(`${cli} whoami --quiet`);
    expect(block.value).toMatch(new RegExp(`@${cli}/cli@\\d+\\.\\d+\\.\\d+`));
    for (const pattern of SWALLOWED) expect(block.value, `${block.file}:${block.line} ${pattern}`).not.toMatch(pattern);
  });

  it('GitHub Actions: the workflow is valid, with SARIF upload even when the gate fails', () => {
    expect(validateWorkflow(github.value).errors).toEqual([]);
    const workflow = parse(github.value);
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['pull_request', 'schedule']));
    expect(workflow.permissions['security-events']).toBe('write');
    const steps = workflow.jobs.scan.steps as Mapping[];
    const upload = steps.find((step) => String(step.uses).startsWith('github/codeql-action/upload-sarif@'));
    expect(upload?.if).toMatch(/always\(\)/);
    expect(workflow.jobs.scan.env[`${cli.toUpperCase()}_API_KEY`]).toBe('${{ secrets.SCANNER_API_KEY }}');
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
    }
    const publishing = steps.filter((step) => /^Publish(TestResults|BuildArtifacts)@/.test(String(step.task)));
    expect(publishing.map((step) => step.condition)).toEqual(['always()', 'always()']);
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
      expect(gate).toMatch(/--output junit > test-results\/[\w-]+\.xml/);
      // Bitbucket stops a step at max-time (minutes): it must outlast the client's --timeout, so the client reports code 7.
      const [, amount, unit] = /--timeout (\d+)([mh])/.exec(gate)!;
      expect(step['max-time'] as number, String(step.name)).toBeGreaterThan(Number(amount) * (unit === 'h' ? 60 : 1));
    }
  });
});
