/**
 * `findings retest`: one finding's re-test, or several in one bulk request
 * per 100 findings, each reported accepted or not. With --wait, reads the
 * findings every --interval until each re-test has ended: 10 when one found
 * the vulnerability still open, else 1 when one ended in error, else 0.
 */
import {durationMs} from '../command-line';
import type {RunContext} from '../context';
import {ExitCode, usageError, type ExitCodeValue} from '../exit-codes';
import {callOperation} from '../requests';

const BULK_SIZE = 100;
const MIN_INTERVAL_MS = 10_000;
const ENDED = new Set(['fixed', 'still_open', 'error']);
const clock = () => new Date().toISOString().slice(11, 19);

export async function runFindingsRetest(context: RunContext): Promise<ExitCodeValue> {
  const {data, line} = context;
  const client = context.client();
  const targetId = String(line.args.get('target-id'));
  const ids = [line.args.get('finding-id') ?? []].flat();
  const wait = line.options.get('wait') === true;
  const interval = durationMs(String(line.options.get('interval') ?? line.command!.options!.find((option) => option.name === 'interval')!.default))!;
  if (wait && interval < MIN_INTERVAL_MS) throw usageError('--interval must be at least 10s.');
  let accepted: string[];
  if (ids.length === 1) {
    const finding = await callOperation(
      client,
      data.operations.targets_findings_retest,
      new Map([
        ['target_id', targetId],
        ['finding_id', ids[0]],
      ]),
    );
    if (!wait) context.print(finding);
    accepted = ids;
  } else {
    const results = {succeeded: [] as string[], failed: [] as {id: string; detail: string}[]};
    for (let start = 0; start < ids.length; start += BULK_SIZE) {
      const answer = (await callOperation(
        client,
        data.operations.findings_bulk_retest,
        new Map([['ids', ids.slice(start, start + BULK_SIZE)]]),
      )) as typeof results;
      results.succeeded.push(...answer.succeeded);
      results.failed.push(...answer.failed);
    }
    for (const failure of results.failed) context.err(`Not re-tested: ${failure.id}: ${failure.detail}`);
    if (!wait) context.print(context.quiet ? results.succeeded.map((id) => ({id})) : results);
    accepted = results.succeeded;
  }
  if (!wait) return ExitCode.ok;
  const ended = new Map<string, string>();
  const shown = new Map<string, string>();
  for (;;) {
    for (const id of accepted.filter((candidate) => !ended.has(candidate))) {
      const finding = (await callOperation(
        client,
        data.operations.targets_findings_retrieve,
        new Map([
          ['target_id', targetId],
          ['finding_id', id],
        ]),
      )) as {retest_status?: string | null};
      const status = finding.retest_status ?? 'pending';
      if (shown.get(id) !== status) context.err(`${clock()}  ${id}  ${status}`);
      shown.set(id, status);
      if (ENDED.has(status)) ended.set(id, status);
    }
    if (ended.size === accepted.length) break;
    await context.deadline.sleep(interval);
  }
  const count = (status: string) => [...ended.values()].filter((value) => value === status).length;
  context.err(`${count('still_open')} of ${accepted.length} re-tests found the vulnerability still open.`);
  context.print([...ended].map(([id, status]) => ({id, retest_status: status})));
  if (count('still_open')) return ExitCode.findingsBlock;
  return count('error') ? ExitCode.failed : ExitCode.ok;
}
