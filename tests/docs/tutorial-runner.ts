/**
 * Runs a tutorial as a reader follows it: its ```http requests in page order,
 * sent to the sandbox with a key of its own, the ids each step's documented
 * answer holds replaced in later requests by the ones the real answers hold,
 * and each answer checked against what the page claims: the status, the
 * contract's schema of the body, and the fields and values of the example the
 * page shows (ids, times and verification tokens aside). A failure names the page, the line of the
 * request block and what differed.
 */
import {randomUUID} from 'node:crypto';
import {OperationIndex, type ContractOperation} from '../../lib/contract/operations';
import {isRequestBlock, parseHttpBlock, requestedExample, requestedStatus, type ShownRequest} from '../../lib/docs/http-requests';
import {isJsonObject, statusLine} from '../../lib/openapi';
import {docCodeBlocks} from '../doc-code-blocks';

/** One request of a tutorial, with what the page claims of its answer. */
export interface TutorialStep {
  file: string;
  /** Line of the ```http block in the page. */
  line: number;
  request: ShownRequest;
  operation: ContractOperation;
  /** The status the page expects: the block's `status=` or the operation's success status. */
  status: string;
  /** The named example the block shows (`example=`), if not the first. */
  exampleName?: string;
  /** The answer the page shows for this request (the contract's example the build renders below the block). */
  documented: unknown;
}

/** What the runner sent for a step and what came back. */
export interface StepResult {
  step: TutorialStep;
  /** The path and query sent, after carrying ids from earlier answers. */
  sent: string;
  body?: unknown;
  status: number;
  answer: unknown;
  problems: string[];
  /** Why its problems do not fail the run: a step the stateful sandbox cannot follow yet (STATEFUL_SANDBOX_GAPS). */
  waived?: string;
}

/**
 * Steps whose answer the stateful sandbox cannot yet give as the page shows it, by page and line, each with why. The
 * step still runs; a step that moves, or a gap that closes, fails the run until this list follows.
 */
export const STATEFUL_SANDBOX_GAPS: Record<string, string> = {};

/** The sandbox's clock in the docs run: a scan queues and runs within seconds, so a page's loops end as they say. */
export const DOCS_RUN_CLOCK_SPEED = 30;

/** A fresh key for the sandbox: a new account when the sandbox keeps state, any key being accepted. */
export const sandboxKey = (): string => `docs-run-${randomUUID()}`;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const IS_UUID = new RegExp(`^${UUID.source}$`, 'i');
const DATE_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;
/** A finding's fingerprint: a SHA-256 over ids, its target's among them, so a new target's findings have fingerprints of their own. */
const FINGERPRINT = /^[0-9a-f]{64}$/;

/** A domain's verification token, issued afresh for every domain. */
const VERIFICATION_TOKEN = /\bvgl-[0-9a-f]{32}\b/g;

/**
 * A value with its ids, fingerprints, times and verification tokens written as placeholders, so an answer compares with
 * the page's example whatever ids, clock and tokens it has.
 */
const normalised = (value: unknown): unknown =>
  typeof value === 'string'
    ? value.replace(UUID, '<id>').replace(FINGERPRINT, '<fingerprint>').replace(DATE_TIME, '<time>').replace(VERIFICATION_TOKEN, '<token>')
    : value;

const show = (value: unknown, limit = 120): string => {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > limit ? `${text.slice(0, limit - 3)}...` : text;
};

/** The steps of a page: its request blocks, each with its operation and the answer the page shows. A block the contract lacks throws, located. */
export function tutorialSteps(page: string, index: OperationIndex): TutorialStep[] {
  return docCodeBlocks(page)
    .filter((block) => isRequestBlock({lang: block.lang, value: block.value}))
    .map((block) => {
      const where = `${block.file}:${block.line}`;
      const request = parseHttpBlock(block.value);
      const operation = index.match(request.method, request.path);
      if (!operation) throw new Error(`${where}: ${request.method} ${request.path} is not an operation of the contract`);
      const status = requestedStatus(block.meta) ?? operation.success.status;
      if (!operation.responses[status]) throw new Error(`${where}: ${operation.id} documents no ${status} response`);
      const exampleName = requestedExample(block.meta);
      return {file: block.file, line: block.line, request, operation, status, exampleName, documented: index.responseExample(operation, status, exampleName)};
    });
}

/** A page of a list, as every list operation answers. */
const isListPage = (value: unknown): value is {results: unknown[]} => isJsonObject(value) && Array.isArray(value.results) && 'count' in value;

/**
 * The differences between an answer and the example the page shows: every
 * field the example has must be there with the same value, ids and times
 * aside; fields the example lacks are the contract's business, not the page's.
 * A list page's rows are found among the answer's, in any place, and its
 * counters are the account's: an account holds more than a page shows.
 */
export function differences(expected: unknown, actual: unknown, where = ''): string[] {
  const name = where || 'the body';
  if (isListPage(expected) && isListPage(actual)) {
    return expected.results.flatMap((row, position) =>
      actual.results.some((candidate) => differences(row, candidate).length === 0)
        ? []
        : [`${where ? `${where}.` : ''}results[${position}]: the page shows ${show(row)}, which no row of the answer matches${closest(row, actual.results)}`],
    );
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${name}: the page shows a list, the answer has ${show(actual)}`];
    return expected.flatMap((item, position) =>
      position < actual.length
        ? differences(item, actual[position], `${where}[${position}]`)
        : [`${where}[${position}]: the page shows ${show(item)}, the answer's list ends before it`],
    );
  }
  if (isJsonObject(expected)) {
    if (!isJsonObject(actual)) return [`${name}: the page shows an object, the answer has ${show(actual)}`];
    return Object.entries(expected).flatMap(([key, value]) => {
      const path = where ? `${where}.${key}` : key;
      return key in actual ? differences(value, actual[key], path) : [`${path}: the page shows ${show(value)}, the answer has no such field`];
    });
  }
  return normalised(expected) === normalised(actual) ? [] : [`${name}: the page shows ${show(expected)}, the answer has ${show(actual)}`];
}

/** The differences from the answer's row that comes closest, to say what a missing row lacks. */
function closest(row: unknown, rows: unknown[]): string {
  const nearest = rows.map((candidate) => differences(row, candidate)).sort((a, b) => a.length - b.length)[0];
  return nearest ? ` (the closest differs in ${nearest.map((difference) => difference.split(':')[0]).join(', ')})` : ' (the answer has no rows)';
}

/** Every string of a JSON value with the path that holds it, first occurrence first. */
function stringsAt(value: unknown, path: (string | number)[] = [], found = new Map<string, (string | number)[]>()): Map<string, (string | number)[]> {
  if (typeof value === 'string') {
    if (!found.has(value)) found.set(value, path);
  } else if (Array.isArray(value)) value.forEach((item, position) => stringsAt(item, [...path, position], found));
  else if (isJsonObject(value)) for (const [key, item] of Object.entries(value)) stringsAt(item, [...path, key], found);
  return found;
}

const valueAt = (value: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined), value);

/**
 * The ids to carry: for each id an earlier step's documented answer holds,
 * the value the real answer holds at the same path. A later step overrides an
 * earlier one, as the prose takes each id from the step just before.
 */
export function carriedIds(results: Pick<StepResult, 'step' | 'answer'>[]): Map<string, string> {
  const carried = new Map<string, string>();
  for (const {step, answer} of results)
    for (const [value, path] of stringsAt(step.documented)) {
      const real = valueAt(answer, path);
      if (IS_UUID.test(value) && typeof real === 'string') carried.set(value, real);
    }
  return carried;
}

/** The text with each id the map holds replaced by its value. */
export const carry = (text: string, ids: Map<string, string>): string => text.replace(UUID, (id) => ids.get(id) ?? id);

export interface RunOptions {
  sandboxUrl: string;
  index: OperationIndex;
  key?: string;
  /** How long a read may poll for the state the page shows. */
  pollSeconds?: number;
  /** Whether to carry ids from answers to later requests (default); off, the requests go as the page writes them. */
  carryIds?: boolean;
  /** Runs only the requests written above this line of the page. */
  beforeLine?: number;
}

async function send(step: TutorialStep, sent: string, body: unknown, {sandboxUrl, key}: RunOptions & {key: string}) {
  // A download asks for the file types the operation documents, as a reader's client does; everything else for JSON.
  const accept = step.operation.responses[step.status].mediaTypes.join(', ') || 'application/json';
  const headers: Record<string, string> = {Accept: accept, Authorization: `JWT ${key}`};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // For an operation it keeps no state for (its Sandbox-Answer header says so), the sandbox answers the example or the
  // status a block shows when asked to, as the sandbox page tells readers.
  const wanted = [step.status !== step.operation.success.status && `code=${step.status}`, step.exampleName && `example=${step.exampleName}`]
    .filter(Boolean)
    .join(', ');
  const request = (prefer: boolean) =>
    fetch(`${sandboxUrl}${sent}`, {
      method: step.request.method,
      headers: prefer && wanted ? {...headers, Prefer: wanted} : headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let response = await request(false);
  if (wanted && response.headers.get('sandbox-answer') === 'example') response = await request(true);
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  let answer: unknown = text;
  try {
    if (type.includes('json') && text) answer = JSON.parse(text);
  } catch {
    // Kept as text: the schema check then says what the body is.
  }
  return {status: response.status, answer, type};
}

/** What the page claims of one answer that this one does not do. */
function check(step: TutorialStep, index: OperationIndex, status: number, answer: unknown, type: string): string[] {
  // The whole error body, where the API says what it refused.
  if (String(status) !== step.status) return [`expected ${statusLine(step.status)}, got ${statusLine(String(status))}, answering ${show(answer, 600)}`];
  const documented = step.operation.responses[step.status];
  if (!documented.schema) {
    const types = documented.mediaTypes;
    return types.length && !types.some((media) => type.startsWith(media)) ? [`expected ${types.join(' or ')}, got ${type || 'no content type'}`] : [];
  }
  if (!type.includes('json')) return [`expected a JSON body, got ${type || 'no content type'}: ${show(answer)}`];
  const invalid = index.validateResponse(step.operation, step.status, answer).map((problem) => `against the contract's schema, ${problem}`);
  return [...invalid, ...(step.documented === undefined ? [] : differences(step.documented, answer))];
}

/** One failure, as the report shows it: the page and line, the request, then each difference on its own line. */
export function describeFailure(result: Pick<StepResult, 'step' | 'sent' | 'problems'>): string {
  const {step, sent, problems} = result;
  const example = step.exampleName ? `, example ${step.exampleName}` : '';
  return [
    `${step.file}:${step.line}: ${step.request.method} ${sent} (${step.operation.id}, ${statusLine(step.status)}${example})`,
    ...problems.map((problem) => `  - ${problem}`),
  ].join('\n');
}

/** Runs every step of a page against the sandbox in order, with one key; the results and the failures, described. */
export async function runTutorial(page: string, options: RunOptions): Promise<{results: StepResult[]; failures: string[]}> {
  const key = options.key ?? sandboxKey();
  const results: StepResult[] = [];
  for (const step of tutorialSteps(page, options.index).filter((each) => each.line < (options.beforeLine ?? Infinity))) {
    const ids = options.carryIds === false ? new Map<string, string>() : carriedIds(results);
    const sent = carry(step.request.written, ids);
    const body = step.request.body === undefined ? undefined : JSON.parse(carry(JSON.stringify(step.request.body), ids));
    const deadline = Date.now() + (options.pollSeconds ?? 30) * 1000;
    let outcome = await send(step, sent, body, {...options, key});
    let problems = check(step, options.index, outcome.status, outcome.answer, outcome.type);
    // A read may come before the state the page shows (a scan still queued): read again, as the page's loops do.
    const gap = STATEFUL_SANDBOX_GAPS[`${step.file}:${step.line}`];
    while (!gap && problems.length && step.request.method === 'GET' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      outcome = await send(step, sent, body, {...options, key});
      problems = check(step, options.index, outcome.status, outcome.answer, outcome.type);
    }
    if (gap && problems.length === 0)
      problems = [`listed as a gap of the stateful sandbox (${gap}), but the answer is now as the page shows: remove it from the list`];
    results.push({
      step,
      sent,
      body,
      status: outcome.status,
      answer: outcome.answer,
      problems,
      ...(gap && problems.length && !problems[0].startsWith('listed as a gap') ? {waived: gap} : {}),
    });
  }
  return {results, failures: results.filter((result) => result.problems.length && !result.waived).map(describeFailure)};
}
