/**
 * The CI recipes of docs/cli/ci/ run with their CI system's semantics
 * (tests/docs/ci/), for a pull request and for the nightly schedule, with a
 * stub client whose gate exits with each code of the CLI's table. Each run
 * must do what the pages say: the job passes or fails as the overview's table
 * says, the failing step carries the client's code, a refused key stops the
 * job before the scan, the reports are uploaded once the scan ended, also
 * when the gate failed, and never empty; every job and step limit outlasts
 * the client's wait it guards. Each recipe also runs once with the real
 * client, installed by its own step from the package the build serves,
 * against a sandbox: the example scan's open findings fail the gate. Defects
 * planted in copies of the recipes show that each check can fail, with the
 * page and line.
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadCliDescription} from '../../lib/cli/description';
import {buildCliPackage} from '../../lib/cli-client/package';
import {repoRoot} from '../../lib/paths';
import {freePort} from '../../lib/serve/free-port';
import type {RunningServer} from '../../lib/serve/running-server';
import {startSandbox} from '../../lib/serve/sandbox';
import {startStaticServer} from '../../lib/serve/static-server';
import {portalConfig, portalTokens} from '../../portal.config';
import {GITLAB_CI_LOCAL_LIMIT, runGitlabCiLocal} from '../gitlab-ci-local';
import {ciRecipe, ciRecipes, CI_SYSTEMS, runRecipe, type Recipe, type RecipeRun, type Trigger} from './ci/recipes';
import {azureCondition} from './ci/azure-pipelines';
import {gitlabCondition, PIPELINE_SOURCES} from './ci/gitlab-ci';
import {waitsOf} from './ci/step-runner';
import {writeStubVigil, type StubVigil} from './ci/stub-vigil';
import {DOCS_RUN_CLOCK_SPEED, sandboxKey} from './tutorial-runner';

const CI_PAGES = 'docs/cli/ci';
const settings = {
  apiKey: 'test-key',
  targetId: '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c',
  reducedScopeId: '7b9d1f3a-5c7e-4a9b-8d1f-3a5c7e9b1d2f',
  fullProfileId: 'c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f',
};
const TRIGGERS: Trigger[] = ['pull-request', 'nightly'];
const EXIT_CODES = loadCliDescription().exitCodes.map((exit) => exit.code);
const read = (page: string) => fs.readFileSync(path.join(repoRoot, page), 'utf8');

/** Per exit code, whether the pipeline passes, from the overview's table "What each exit code means for the pipeline". */
function pipelineOutcomes(): Map<number, boolean> {
  const section = read(`${CI_PAGES}/index.md`).split('## What each exit code means for the pipeline')[1]?.split('\n## ')[0] ?? '';
  const outcomes = new Map<number, boolean>();
  for (const row of section.split('\n').filter((line) => /^\| `\d/.test(line))) {
    const [, codes, , effect] = row.split('|').map((cell) => cell.trim());
    if (!/^(Passes|Fails)\./.test(effect)) throw new Error(`${CI_PAGES}/index.md: "${effect}" says neither Passes. nor Fails.`);
    for (const [, code] of codes.matchAll(/`(\d+)`/g)) outcomes.set(Number(code), effect.startsWith('Passes'));
  }
  return outcomes;
}
const OUTCOMES = pipelineOutcomes();

/** The codes after which a recipe keeps the reports: the scan ended, as the SARIF and JUnit page says. */
const ENDED = [
  ...(/keep it as the report only when the scan ended \(([^)]*)\)/.exec(read(`${CI_PAGES}/sarif-and-junit.md`))?.[1] ?? '').matchAll(/`(\d+)`/g),
].map((match) => Number(match[1]));

const recipePages = fs
  .readdirSync(path.join(repoRoot, CI_PAGES))
  .map((name) => `${CI_PAGES}/${name}`)
  .filter((page) => ciRecipes(page).length)
  .sort();

const stubs: StubVigil[] = [];
afterAll(() => stubs.forEach((stub) => stub.remove()));

/** One run of a recipe with the stub exiting with `code`, and the command lines the recipe gave the client. */
async function runWithStub(recipe: Recipe | string, trigger: Trigger, code: number, projectSettings = settings): Promise<{run: RecipeRun; calls: string[]}> {
  const stub = writeStubVigil(code, settings.apiKey);
  stubs.push(stub);
  const run = await runRecipe(recipe, {trigger, vigilDir: stub.dir, settings: projectSettings});
  return {run, calls: stub.calls()};
}

/** How a run's jobs differ from what the pages say for its trigger and the client's exit code, one line each, naming page and line. */
function jobProblems(run: RecipeRun, code: number): string[] {
  const problems: string[] = [];
  const label = `${run.trigger}, exit code ${code}`;
  const passes = OUTCOMES.get(code);
  if (!run.jobs.length) problems.push(`${run.page}: no job runs for ${run.trigger}`);
  for (const job of run.jobs) {
    const at = (line: number) => `${run.page}:${line}`;
    const failing = job.steps.find((step) => step.ran && ((step.exitCode ?? 0) !== 0 || step.problem));
    if (job.passed !== passes) {
      const why = failing ? ` at line ${failing.line} (${failing.problem ?? failing.output.trim().split('\n').pop()})` : '';
      problems.push(
        `${at(job.line)} ${job.name} (${label}): the job ${job.passed ? 'passed' : `failed${why}`}; the overview says it ${passes ? 'passes' : 'fails'}`,
      );
    }
    if (code !== 0 && failing && failing.exitCode !== code) {
      problems.push(
        `${at(failing.line)} ${failing.name} (${label}): the first failing step ended with ${failing.problem ?? `code ${failing.exitCode}`}, not the client's code`,
      );
    }
    for (const step of job.steps.filter((each) => each.problem)) problems.push(`${at(step.line)} ${step.name} (${label}): ${step.problem}`);
    for (const file of job.uploaded.filter((each) => each.bytes === 0)) problems.push(`${at(file.line)} (${label}): uploads ${file.path}, which is empty`);
    if (ENDED.includes(code)) {
      for (const step of job.steps.filter((each) => each.uploads)) {
        if (!step.ran) problems.push(`${at(step.line)} ${step.name} (${label}): skipped, but the scan ended and its report is kept even when the gate fails`);
        else if (!job.uploaded.some((file) => file.line === step.line))
          problems.push(`${at(step.line)} ${step.name} (${label}): uploads nothing of ${step.uploads?.join(', ')}`);
      }
    } else {
      for (const file of job.uploaded) problems.push(`${at(file.line)} (${label}): uploads ${file.path}, but the scan did not end and there is no report`);
    }
  }
  return problems;
}

/** How a run with the stub differs from what the pages say: its jobs, and the command lines it gave the client. */
function recipeProblems({run, calls}: {run: RecipeRun; calls: string[]}, code: number): string[] {
  const problems = jobProblems(run, code);
  const label = `${run.trigger}, exit code ${code}`;
  const gates = calls.filter((call) => /^scans (start|wait)\b/.test(call));
  if (code === 3 && gates.length) problems.push(`${run.page} (${label}): the scan started although the key was refused; whoami must stop the job first`);
  if (code !== 3 && gates.length !== 1) problems.push(`${run.page} (${label}): the client's gate ran ${gates.length} times, not once`);
  const [scope, other] = run.trigger === 'pull-request' ? ['--reduced-scope', '--scan-profile'] : ['--scan-profile', '--reduced-scope'];
  if (code !== 3 && !calls.some((call) => call.includes(scope))) problems.push(`${run.page} (${label}): no command with ${scope}`);
  if (calls.some((call) => call.includes(other))) problems.push(`${run.page} (${label}): a command with ${other} ran`);
  return problems;
}

/** Job and step limits that do not outlast the client's wait they guard. */
function limitProblems(run: RecipeRun): string[] {
  const problems: string[] = [];
  let waits = 0;
  for (const job of run.jobs) {
    for (const step of job.steps.filter((each) => each.script)) {
      const limit = [job.limit, step.limit].filter((each) => each !== undefined).sort((a, b) => a.minutes - b.minutes)[0];
      for (const wait of waitsOf(step.script ?? '')) {
        waits += 1;
        if (limit.minutes <= wait.minutes) {
          problems.push(
            `${run.page}:${limit.line || job.line} ${limit.what} (${limit.minutes} min) is not above the wait it guards: --timeout ${wait.timeout}${wait.given ? '' : " (the client's default)"} in the step at line ${step.line}`,
          );
        }
      }
    }
  }
  if (!waits) problems.push(`${run.page} (${run.trigger}): no step waits for a scan`);
  return problems;
}

describe('the CI recipes, run', () => {
  it('are one per CI system, each read by its runner', () => {
    expect(recipePages.map((page) => ciRecipe(page).system.name).sort()).toEqual(CI_SYSTEMS.map((system) => system.name).sort());
    expect([...OUTCOMES.keys()].sort((a, b) => a - b)).toEqual([...EXIT_CODES].sort((a, b) => a - b));
    expect(ENDED.length).toBeGreaterThan(0);
    for (const code of ENDED) expect(EXIT_CODES).toContain(code);
  });

  describe.each(recipePages)('%s', (page) => {
    it.each(TRIGGERS)('on %s, does for each exit code of the client what the pages say', async (trigger) => {
      const problems: string[] = [];
      for (const code of EXIT_CODES) problems.push(...recipeProblems(await runWithStub(page, trigger, code), code));
      expect(problems).toEqual([]);
    });

    it('without the key, as in a pull request from a fork, fails before any scan and uploads nothing', async () => {
      const {run, calls} = await runWithStub(page, 'pull-request', 0, {...settings, apiKey: ''});
      expect(run.jobs.length).toBeGreaterThan(0);
      expect(run.jobs.filter((job) => job.passed).map((job) => `${page}:${job.line} ${job.name} passed`)).toEqual([]);
      expect(calls.filter((call) => /^scans (start|wait)\b/.test(call)).map((call) => `${page}: the scan ran: ${call}`)).toEqual([]);
      expect(run.jobs.flatMap((job) => job.uploaded.map((file) => `${page}:${file.line} uploads ${file.path}`))).toEqual([]);
    });

    it.each(TRIGGERS)("on %s, gives every wait for a scan a job and step limit above the client's --timeout", async (trigger) => {
      expect(limitProblems((await runWithStub(page, trigger, 0)).run)).toEqual([]);
    });
  });
});

describe('the CI recipes, run with the real client against the sandbox', () => {
  let sandbox: RunningServer;
  let packageServer: RunningServer;
  /** Where the package is served, as the portal serves it at {{cliPackage}}'s path. */
  let clientPackage = '';
  const packageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ci-client-package-'));
  beforeAll(async () => {
    const tarball = buildCliPackage(path.join(packageRoot, 'static'), path.join(packageRoot, 'stage'));
    [sandbox, packageServer] = await Promise.all([
      startSandbox({port: await freePort(), clockSpeed: DOCS_RUN_CLOCK_SPEED}),
      startStaticServer({root: path.join(packageRoot, 'static')}),
    ]);
    clientPackage = `${packageServer.url}/${path.relative(path.join(packageRoot, 'static'), tarball)}`;
  }, 120_000);
  afterAll(async () => {
    await Promise.all([sandbox?.close(), packageServer?.close()]);
    fs.rmSync(packageRoot, {recursive: true, force: true});
  });

  it("install the client with their own step, and fail a pull request on the example scan's open high findings with code 10, keeping the reports", async () => {
    // All at once, each with a key of its own, so that the sandbox's accounts hold one scan each.
    const runs = await Promise.all(
      recipePages.map((page) =>
        runRecipe(page, {
          trigger: 'pull-request',
          clientPackage,
          settings: {...settings, apiKey: sandboxKey()},
          env: {[`${portalTokens(portalConfig).envPrefix}_API_URL`]: sandbox.url},
          stepTimeoutSeconds: 180,
        }),
      ),
    );
    const problems = runs.flatMap((run) => [
      ...jobProblems(run, 10),
      ...run.jobs.flatMap((job) => {
        const gate = job.steps.find((step) => step.exitCode === 10);
        return gate && /open findings? at or above high/.test(gate.output)
          ? []
          : [`${run.page}:${job.line} ${job.name}: no step printed the open findings at or above high`];
      }),
    ]);
    for (const run of runs) {
      for (const job of run.jobs) {
        const failing = job.steps.find((step) => step.ran && (step.exitCode ?? 0) !== 0);
        const files = job.uploaded.map((file) => `${file.path} (${file.bytes} bytes)`).join(', ') || 'nothing';
        console.info(
          `${run.page}:${job.line} ${job.name}: ${failing ? `failed at line ${failing.line}, code ${failing.exitCode}` : 'passed'}; uploaded ${files}`,
        );
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

describe("the runners' readers of conditions", () => {
  it("Azure's: functions, variables by either syntax, case-insensitive comparison, the job's status", () => {
    const variables = new Map([['dast_reports', {value: 'Written', secret: false}]]);
    const cases: [string, boolean, boolean][] = [
      ["and(always(), eq(variables['DAST_REPORTS'], 'written'))", true, true],
      ["and(succeeded(), eq(variables['DAST_REPORTS'], 'written'))", true, false],
      ["and(succeeded(), ne(variables.Build.Reason, 'PullRequest'))", false, true],
      ['succeededOrFailed()', true, true],
      ["or(failed(), in(variables['Dast_Reports'], 'none', 'written'))", false, true],
      ["not(eq(variables['missing'], ''))", false, false],
    ];
    expect(cases.map(([condition, failed]) => azureCondition(condition, variables, failed))).toEqual(cases.map(([, , result]) => result));
    expect(() => azureCondition('eq(1, 1', variables, false)).toThrow();
  });

  it("GitLab's: variables, strings, null, regexes, && before ||, parentheses", () => {
    const variables = {CI_PIPELINE_SOURCE: 'schedule', CI_COMMIT_BRANCH: 'main', EMPTY: ''};
    const cases: [string, boolean][] = [
      ['$CI_PIPELINE_SOURCE == "schedule"', true],
      ['$CI_PIPELINE_SOURCE == "merge_request_event"', false],
      ['$CI_COMMIT_BRANCH =~ /^ma/ && $CI_PIPELINE_SOURCE != "push"', true],
      ['$UNSET == null', true],
      ['$EMPTY || $CI_COMMIT_BRANCH', true],
      ['$EMPTY', false],
      ['$CI_PIPELINE_SOURCE == "push" || $CI_COMMIT_BRANCH == "main" && $EMPTY', false],
      ['($CI_PIPELINE_SOURCE == "push" || $CI_COMMIT_BRANCH == "main") && $CI_COMMIT_BRANCH !~ /dev/', true],
    ];
    expect(cases.map(([condition]) => gitlabCondition(condition, variables))).toEqual(cases.map(([, result]) => result));
  });
});

describe('the GitLab runner agrees with gitlab-ci-local, which reads rules and extends as GitLab does', () => {
  it.each(TRIGGERS)(
    'on %s, on the jobs the pipeline creates',
    async (trigger) => {
      const recipe = ciRecipe(`${CI_PAGES}/gitlab-ci.md`);
      const {failed, output} = runGitlabCiLocal(recipe.block.value, [
        '--list-json',
        '--variable',
        `CI_PIPELINE_SOURCE=${PIPELINE_SOURCES[trigger]}`,
        '--ignore-predefined-vars',
        'CI_PIPELINE_SOURCE',
      ]);
      expect(failed, output).toBe(false);
      const listed = JSON.parse(output.slice(output.indexOf('\n[') + 1)) as {name: string; when: string}[];
      const created = listed.filter((job) => job.when !== 'never').map((job) => job.name);
      expect(created.length).toBeGreaterThan(0);
      expect((await runWithStub(recipe, trigger, 0)).run.jobs.map((job) => job.name)).toEqual(created);
    },
    GITLAB_CI_LOCAL_LIMIT,
  );
});

/** A copy of a page's recipe with one defect planted; the lines stay where they are. */
function planted(page: string, find: string | RegExp, replace: string): Recipe {
  const recipe = ciRecipe(page);
  const value = recipe.block.value.replace(find, replace);
  if (value === recipe.block.value) throw new Error(`${page}: nothing to plant at ${String(find)}`);
  return {...recipe, block: {...recipe.block, value}};
}

describe('the runners catch a broken recipe', () => {
  it('a report upload that runs only when the gate passed', async () => {
    const recipe = planted(
      `${CI_PAGES}/azure-pipelines.md`,
      "condition: and(always(), eq(variables['DAST_REPORTS']",
      "condition: and(succeeded(), eq(variables['DAST_REPORTS']",
    );
    expect(recipeProblems(await runWithStub(recipe, 'pull-request', 10), 10)).toEqual([
      'docs/cli/ci/azure-pipelines.md:93 PublishTestResults@2 (pull-request, exit code 10): skipped, but the scan ended and its report is kept even when the gate fails',
    ]);
  });

  it('a gate that swallows the code', async () => {
    const recipe = planted(`${CI_PAGES}/github-actions.md`, 'exit "$status"', 'exit 0');
    expect(recipeProblems(await runWithStub(recipe, 'pull-request', 10), 10)).toEqual([
      'docs/cli/ci/github-actions.md:45 scan (pull-request, exit code 10): the job passed; the overview says it fails',
    ]);
  });

  it('a report kept when the scan did not end', async () => {
    const recipe = planted(`${CI_PAGES}/gitlab-ci.md`, /> junit\.xml\.part/g, '> junit.xml');
    expect(recipeProblems(await runWithStub(recipe, 'nightly', 7), 7)).toEqual([
      'docs/cli/ci/gitlab-ci.md:36 (nightly, exit code 7): uploads junit.xml, which is empty',
      'docs/cli/ci/gitlab-ci.md:36 (nightly, exit code 7): uploads junit.xml, but the scan did not end and there is no report',
    ]);
  });

  it('a secret the step does not map', async () => {
    const recipe = planted(`${CI_PAGES}/azure-pipelines.md`, /(displayName: Full scan\n[^]*?)env:\n\s+\w+_API_KEY: \$\(SCANNER_API_KEY\)\n/, '$1\n\n');
    const problems = recipeProblems(await runWithStub(recipe, 'nightly', 0), 0);
    expect(problems[0]).toBe(
      'docs/cli/ci/azure-pipelines.md:39 scan (nightly, exit code 0): the job failed at line 73 (Error: 401 Unauthorized: the API key is missing, invalid, expired or revoked.); the overview says it passes',
    );
  });

  it('results recorded only when the build passed', async () => {
    const recipe = planted(`${CI_PAGES}/jenkins.md`, 'post {\n    always {', 'post {\n    success {');
    expect(recipeProblems(await runWithStub(recipe, 'pull-request', 11), 11)).toEqual([
      'docs/cli/ci/jenkins.md:97 junit (pull-request, exit code 11): skipped, but the scan ended and its report is kept even when the gate fails',
      'docs/cli/ci/jenkins.md:98 recordIssues (pull-request, exit code 11): skipped, but the scan ended and its report is kept even when the gate fails',
    ]);
  });

  it('a key whose semantics the runner leaves out, instead of a run that passes without them', async () => {
    const recipe = planted(
      `${CI_PAGES}/github-actions.md`,
      '      - name: Keep the report\n',
      '      - name: Keep the report\n        working-directory: reports\n',
    );
    await expect(runWithStub(recipe, 'pull-request', 0)).rejects.toThrow(
      'docs/cli/ci/github-actions.md:94: working-directory not read by the runner of tests/docs/ci/',
    );
  });

  it('an after-script that leaves a report behind when the scan did not end (Bitbucket and GitLab run it after a failure too)', async () => {
    const bitbucket = planted(
      `${CI_PAGES}/bitbucket-pipelines.md`,
      '              exit "$status"\n  custom:',
      '              exit "$status"\n          after-script:\n            - mkdir -p test-results && echo "<testsuites/>" > test-results/after-script.xml\n  custom:',
    );
    expect(recipeProblems(await runWithStub(bitbucket, 'pull-request', 5), 5)).toEqual([
      'docs/cli/ci/bitbucket-pipelines.md:28 (pull-request, exit code 5): uploads test-results/after-script.xml, but the scan did not end and there is no report',
    ]);
    const gitlab = planted(
      `${CI_PAGES}/gitlab-ci.md`,
      '    - exit "$status"\n\ndast:nightly:',
      '    - exit "$status"\n  after_script:\n    - echo "<testsuites/>" > junit.xml\n\ndast:nightly:',
    );
    expect(recipeProblems(await runWithStub(gitlab, 'pull-request', 5), 5)).toEqual([
      'docs/cli/ci/gitlab-ci.md:36 (pull-request, exit code 5): uploads junit.xml, but the scan did not end and there is no report',
    ]);
  });

  it("a step that changes the later steps' environment through GITHUB_ENV", async () => {
    const recipe = planted(
      `${CI_PAGES}/github-actions.md`,
      '            exit 1\n          fi\n',
      '            exit 1\n          fi\n          echo "PATH=/usr/bin:/bin" >> "$GITHUB_ENV"\n',
    );
    expect(recipeProblems(await runWithStub(recipe, 'pull-request', 0), 0)[0]).toMatch(
      /^docs\/cli\/ci\/github-actions\.md:45 scan \(pull-request, exit code 0\): the job failed at line 68 \(.*type: \w+: not found\); the overview says it passes$/,
    );
  });

  it('a SARIF upload to code scanning after a scan that did not end: the service fails on the missing file', async () => {
    const recipe = planted(
      `${CI_PAGES}/github-actions.md`,
      "        if: always() && hashFiles('results.sarif') != ''\n        uses: actions/upload-artifact@v4\n        with:\n          name: dast-report\n          path: results.sarif",
      '        if: always()\n        uses: github/codeql-action/upload-sarif@v3\n        with:\n          sarif_file: results.sarif\n',
    );
    expect(recipeProblems(await runWithStub(recipe, 'nightly', 7), 7)).toEqual([
      'docs/cli/ci/github-actions.md:94 Keep the report (nightly, exit code 7): the service fails the step: results.sarif does not exist',
    ]);
  });

  it('a CircleCI step run on_fail only, which keeps a report after any failure', async () => {
    const recipe = planted(
      `${CI_PAGES}/circleci.md`,
      '            exit "$status"\n      - store_test_results:',
      '            exit "$status"\n      - run:\n          name: Keep what there is\n          when: on_fail\n          command: echo "<testsuites/>" > reports/kept.xml\n      - store_test_results:',
    );
    expect(recipeProblems(await runWithStub(recipe, 'pull-request', 0), 0)).toEqual([]);
    expect(recipeProblems(await runWithStub(recipe, 'pull-request', 5), 5)).toEqual([
      'docs/cli/ci/circleci.md:73 (pull-request, exit code 5): uploads reports/kept.xml, but the scan did not end and there is no report',
      'docs/cli/ci/circleci.md:75 (pull-request, exit code 5): uploads reports/kept.xml, but the scan did not end and there is no report',
    ]);
  });

  it('a job limit below the wait it guards', async () => {
    const recipe = planted(`${CI_PAGES}/github-actions.md`, 'timeout-minutes: 270', 'timeout-minutes: 200');
    expect(limitProblems((await runWithStub(recipe, 'nightly', 0)).run)).toEqual([
      'docs/cli/ci/github-actions.md:48 timeout-minutes (200 min) is not above the wait it guards: --timeout 4h in the step at line 83',
    ]);
    const defaultWait = planted(`${CI_PAGES}/bitbucket-pipelines.md`, ' --timeout 30m', '');
    expect(limitProblems((await runWithStub(defaultWait, 'pull-request', 0)).run)).toEqual([
      "docs/cli/ci/bitbucket-pipelines.md:32 max-time (40 min) is not above the wait it guards: --timeout 4h (the client's default) in the step at line 33",
    ]);
    const quiet = planted(`${CI_PAGES}/circleci.md`, 'no_output_timeout: 35m', 'no_output_timeout: 20m');
    expect(limitProblems((await runWithStub(quiet, 'pull-request', 0)).run)).toEqual([
      'docs/cli/ci/circleci.md:51 no_output_timeout (20 min) is not above the wait it guards: --timeout 30m in the step at line 51',
    ]);
  });
});
