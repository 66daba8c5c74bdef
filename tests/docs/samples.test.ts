/**
 * Every program the hand-written pages show that calls the API (curl and jq
 * scripts, Python, JavaScript, Go) runs as a reader runs it: against the
 * sandbox, with API_URL, {{apiUrl}} and {{sandboxUrl}} pointing at it, a key
 * of its own in the variable the pages use, the ids the pages' prerequisites
 * name in TARGET_ID and SCAN_ID, and the files it expects beside it; a
 * block marked `carries` after its page's requests above it, on its account,
 * with the ids they answered in place of the page's. Each
 * must call the API, get only successes (or the status its block's
 * `status=` meta says it asks for), and exit 0, or 1 with its own verdict on
 * the data (a gate that finds open findings, a re-test still open): the
 * verdicts themselves are the unit tests' (tests/unit/shell-gates.test.ts).
 * Where the page shows the response after its samples, their last answer
 * must have its status and its fields and values, ids and times aside.
 * Their waits are cut short, as the sandbox's clock runs fast.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {portalConfig, portalTokens} from '../../portal.config';
import {documentationFiles} from '../../lib/docs/drift';
import {pathsInText, requestedStatus} from '../../lib/docs/http-requests';
import type {RunningServer} from '../../lib/serve/running-server';
import {startSandbox} from '../../lib/serve/sandbox';
import {freePort} from '../../lib/serve/free-port';
import {docCodeBlocks, type DocCodeBlock} from '../doc-code-blocks';
import {programLanguage, runProgram, type ProgramLanguage} from '../run-program';
import {startRecordingProxy, type RelayedAnswer} from './recording-proxy';
import {sampleFiles} from './sample-files';
import {OperationIndex} from '../../lib/contract/operations';
import {carriedIds, carry, DOCS_RUN_CLOCK_SPEED, differences, runTutorial, sandboxKey} from './tutorial-runner';

/** {{apiUrl}} and {{sandboxUrl}} in the samples, replaced by the sandbox's address when they run (pages are read before the sandbox listens). */
const API_URL = 'http://api.docs-run.invalid';
const TIMEOUT_SECONDS = 20;
const keyVariable = `${portalTokens(portalConfig).envPrefix}_API_KEY`;
/** The ids the pages' prerequisites name: the sandbox's example target and scan. */
const IDS = {TARGET_ID: '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c', SCAN_ID: '5a7e2c91-3d4b-4f6a-8e1c-2b9d0f7a6c35'};

interface Sample extends DocCodeBlock {
  language: ProgramLanguage;
  /** The response block the page shows after this sample and those right before it (```json title="Response: 200 OK"). */
  shownResponse?: {line: number; status: string; body: unknown};
}

const RESPONSE_TITLE = /title="Response: (\d{3})\b/;

/** Holds each run of consecutive samples to the response block that follows them on their page, if one does. */
function withShownResponses(blocks: DocCodeBlock[], isSample: (block: DocCodeBlock) => boolean): Map<DocCodeBlock, Sample['shownResponse']> {
  const shown = new Map<DocCodeBlock, Sample['shownResponse']>();
  blocks.forEach((block, position) => {
    const status = block.lang === 'json' ? RESPONSE_TITLE.exec(block.meta)?.[1] : undefined;
    if (!status) return;
    const response = {line: block.line, status, body: JSON.parse(block.value) as unknown};
    for (let before = position - 1; before >= 0 && blocks[before].file === block.file && isSample(blocks[before]); before -= 1)
      shown.set(blocks[before], response);
  });
  return shown;
}

/**
 * The blocks that call the API: code in a language a program runs in, naming an API path; not a file a page includes
 * (the unit tests run those), nor a block marked `excerpt`, a line or two of a program shown whole above it.
 */
const isSample = (block: DocCodeBlock) =>
  programLanguage(block.lang) !== undefined && !/(?:^|\s)(?:file=|excerpt(?:\s|$))/.test(block.meta) && pathsInText(block.value).length > 0;
const documentationBlocks = documentationFiles().flatMap((file) => docCodeBlocks(file, {apiUrl: API_URL, sandboxUrl: API_URL}));
const shownResponses = withShownResponses(documentationBlocks, isSample);
const samples: Sample[] = documentationBlocks
  .filter(isSample)
  .map((block) => ({...block, language: programLanguage(block.lang)!, shownResponse: shownResponses.get(block)}));

const operationIndex = OperationIndex.load();
let sandbox: RunningServer;
let files: Record<string, string>;
beforeAll(async () => {
  sandbox = await startSandbox({port: await freePort(), clockSpeed: DOCS_RUN_CLOCK_SPEED});
  files = sampleFiles();
}, 60_000);
afterAll(() => sandbox?.close());

/** Where the last answer a sample got differs from the response block its page shows for it. */
function shownResponseProblems(shown: NonNullable<Sample['shownResponse']>, answer: RelayedAnswer): string[] {
  const where = `the response the page shows at line ${shown.line}`;
  if (String(answer.status) !== shown.status) return [`${where}: the page shows ${shown.status}, the answer was ${answer.status}`];
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return [`${where}: the answer is not JSON: ${answer.body.slice(0, 200)}`];
  }
  return differences(shown.body, body).map((difference) => `${where}: ${difference}`);
}

/** A run that ended on the program's own verdict: exit 1 with its message, not a crash of the language or a tool. */
const isVerdict = (code: number | null, stderr: string) =>
  code === 1 && stderr.trim() !== '' && !/Traceback|command not found|jq: error|curl: \(\d+\)/.test(stderr);

type Outcome = 'exit 0' | 'verdict' | 'failed';
const outcomes: {sample: Sample; outcome: Outcome}[] = [];
afterAll(() => {
  const count = (language: string, outcome?: Outcome) =>
    outcomes.filter((entry) => entry.sample.language === language && (!outcome || entry.outcome === outcome)).length;
  const languages = [...new Set(samples.map((sample) => sample.language))];
  console.info(
    `Samples run against the sandbox: ${languages
      .map(
        (language) =>
          `${language} ${count(language)} (${(['exit 0', 'verdict', 'failed'] as const).map((outcome) => `${count(language, outcome)} ${outcome}`).join(', ')})`,
      )
      .join('; ')}`,
  );
});

/** What a sample did against the sandbox that a reader would see as broken: its exit, and every error answer it got. */
async function problemsOf(sample: Sample): Promise<string[]> {
  const key = sandboxKey();
  // A sample marked `carries` acts on what its page's requests above it made: they run first, on its account, and it gets the ids they answered.
  let code = sample.value;
  if (/(?:^|\s)carries(?:\s|$)/.test(sample.meta)) {
    const before = await runTutorial(sample.file, {sandboxUrl: sandbox.url, index: operationIndex, key, beforeLine: sample.line});
    if (before.failures.length) return [`the page's requests above it failed:\n${before.failures.join('\n')}`];
    code = carry(code, carriedIds(before.results));
  }
  const proxy = await startRecordingProxy(sandbox.url);
  try {
    const run = await runProgram({
      language: sample.language,
      code: code.replaceAll(API_URL, proxy.url),
      // The key also as the file a secret store mounts, which a page names by API_KEY_FILE.
      files: {...files, 'api-key': key},
      env: {[keyVariable]: key, API_KEY_FILE: 'api-key', API_URL: proxy.url, ...IDS},
      timeoutMs: TIMEOUT_SECONDS * 1000,
      // The pages poll every 30 or 60 s, for a real scan: the sandbox's clock is faster.
      longestWait: 0.5,
    });
    const answers = proxy.answers();
    const asked = requestedStatus(sample.meta);
    const failed = answers.filter((answer) => answer.status >= 400 && String(answer.status) !== asked);
    const problems = failed.map((answer) => `got ${answer.status} for ${answer.method} ${answer.path}`);
    if (!answers.length) problems.push('made no request to the API');
    if (asked && !answers.some((answer) => String(answer.status) === asked)) problems.push(`never got the ${asked} its block says it asks for`);
    if (run.code === null) problems.push(`did not end within ${TIMEOUT_SECONDS} s`);
    if (run.code !== null && run.code !== 0 && !isVerdict(run.code, run.stderr)) problems.push(`exited ${run.code}`);
    const last = answers.at(-1);
    if (sample.shownResponse && last) problems.push(...shownResponseProblems(sample.shownResponse, last));
    // The sandbox's scan has completed with complete coverage, as the pages say: a scan gate passes on it.
    if (/\bgate=scan\b/.test(sample.meta) && run.code !== 0) problems.push(`a scan gate, exited ${run.code} on the sandbox's completed scan`);
    outcomes.push({sample, outcome: problems.length ? 'failed' : run.code === 0 ? 'exit 0' : 'verdict'});
    if (problems.length) problems.push(`output:\n${`${run.stdout}${run.stderr}`.trim().slice(-1500)}`);
    return problems;
  } finally {
    await proxy.close();
  }
}

describe('the samples of the hand-written pages, run against the sandbox', () => {
  it('are held to the response blocks their pages show after them', () => {
    expect(samples.filter((sample) => sample.shownResponse).map((sample) => `${sample.file}:${sample.line} ${sample.shownResponse!.line}`)).toEqual([
      'docs/api/tutorials/targets/create-an-api-target-from-an-openapi-file.md:57 86',
      'docs/api/tutorials/targets/create-an-api-target-from-an-openapi-file.md:69 86',
    ]);
  });

  it('are found in every language that calls the API', () => {
    // No page shows JavaScript or Go of its own that calls the API: their samples are the rendered ones (tests/docs/tutorials.test.ts).
    expect([...new Set(samples.map((sample) => sample.language))].sort()).toEqual(['bash', 'python']);
    expect(samples.length).toBeGreaterThanOrEqual(40);
  });

  it.concurrent.each(samples.map((sample) => [`${sample.file}:${sample.line} (${sample.language})`, sample] as const))('%s', async (_name, sample) => {
    expect(await problemsOf(sample)).toEqual([]);
  });
});
