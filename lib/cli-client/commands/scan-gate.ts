/**
 * `scans wait`, and `scans start` with --wait: reads the scan every
 * --interval until it is final, printing each change; then the gate. A scan
 * ended `canceled` or `failed` exits 1; incomplete coverage exits 11 unless
 * --allow-incomplete-coverage (the gaps and warnings are printed either
 * way); open findings at or above --fail-on exit 10, which wins over 11.
 */
import {durationMs} from '../command-line';
import type {RunContext} from '../context';
import {CliExit, ExitCode, usageError, type ExitCodeValue} from '../exit-codes';
import {callOperation} from '../requests';
import type {Finding} from '../severity';
import {blockingFindings, printFindingsReport} from './findings-report';
import {callCommand, runGeneric} from './generic';

const FINAL = new Set(['completed', 'canceled', 'failed']);
const MIN_INTERVAL_MS = 10_000;

interface Scan {
  id: string;
  target: {id: string; name: string};
  status: string;
  progress?: number;
  reduced_scope?: {id: string} | null;
  coverage?: {complete: boolean; gaps: string[]; duration_seconds?: number};
  failure_reason?: string | null;
  started_at?: string | null;
}

const clock = () => new Date().toISOString().slice(11, 19);

async function gate(context: RunContext, targetId: string, scanId: string): Promise<ExitCodeValue> {
  const {line, data} = context;
  const client = context.client();
  const interval = durationMs(String(line.options.get('interval') ?? line.command!.options!.find((option) => option.name === 'interval')!.default))!;
  if (interval < MIN_INTERVAL_MS) throw usageError('--interval must be at least 10s.');
  const ids = new Map([
    ['target_id', targetId],
    ['scan_id', scanId],
  ]);
  let scan: Scan;
  let shown = '';
  let saidPaused = false;
  for (;;) {
    scan = (await callOperation(client, data.operations.targets_scans_retrieve, ids)) as Scan;
    const state = `${scan.status}  ${scan.progress ?? 0}%`;
    if (state !== shown) context.err(`${clock()}  ${state}`);
    shown = state;
    if (scan.status === 'paused' && !saidPaused) context.err('The scan is paused: resume or cancel it, or let --timeout end the wait.');
    saidPaused ||= scan.status === 'paused';
    if (FINAL.has(scan.status)) break;
    await context.deadline.sleep(interval);
  }
  if (scan.status !== 'completed') {
    context.print(scan);
    throw new CliExit(ExitCode.failed, `The scan ended ${scan.status}${scan.failure_reason ? `: ${scan.failure_reason}` : ''}.`);
  }
  const failOn = line.options.get('fail-on') as string | undefined;
  const report = context.format === 'sarif' || context.format === 'junit';
  const findings =
    failOn !== undefined || report
      ? ((await callOperation(client, data.operations.targets_findings_list, new Map([...ids, ['state', 'open']]))) as Finding[])
      : [];
  const gaps = scan.coverage?.complete === false ? scan.coverage.gaps : [];
  const warnings = gaps.length
    ? ((await callOperation(client, data.operations.scans_warnings_list, new Map([['scan_id', scanId]]))) as {code: string; message: string}[])
    : [];
  const allowIncomplete = line.options.get('allow-incomplete-coverage') === true;
  const printed = await printFindingsReport(
    context,
    findings,
    `${targetId}/${scan.reduced_scope ? `reduced-scope-${scan.reduced_scope.id}` : 'full'}/${scanId}`,
    {
      title: `${data.productName} scan ${scanId}`,
      suiteName: scan.target.name,
      properties: [['target_id', targetId], ['scan_id', scanId], ...(failOn ? [['fail_on', failOn] as [string, string]] : [])],
      failOn,
      coverage: {gaps: allowIncomplete ? [] : gaps.map((gap) => ({gap, explanation: warnings.find((warning) => warning.code === gap)?.message ?? gap}))},
      seconds: scan.coverage?.duration_seconds,
      timestamp: scan.started_at?.replace(/Z$/, ''),
      hostname: findings[0] ? new URL(findings[0].url).hostname : undefined,
    },
  );
  if (!printed) context.print(scan);
  if (gaps.length) {
    context.err(`The scan did not cover the whole target: ${gaps.join(', ')}.`);
    for (const warning of warnings) context.err(`  ${warning.code}  ${warning.message}`);
  }
  if (blockingFindings(context, findings, failOn).length) return ExitCode.findingsBlock;
  return gaps.length && !allowIncomplete ? ExitCode.incompleteCoverage : ExitCode.ok;
}

export async function runScansWait(context: RunContext): Promise<ExitCodeValue> {
  return gate(context, String(context.line.args.get('target-id')), String(context.line.args.get('scan-id')));
}

/** `scans start`: the generic start; with --wait, the gate over the new scan. */
export async function runScansStart(context: RunContext): Promise<ExitCodeValue> {
  if (context.line.options.get('wait') !== true) {
    if (['sarif', 'junit'].includes(context.format)) throw usageError(`"scans start" writes --output ${context.format} only with --wait.`);
    return runGeneric(context);
  }
  const targetId = String(context.line.args.get('target-id'));
  const created = (await callCommand(context)) as Scan;
  context.err(`Started the scan ${created.id}.`);
  return gate(context, targetId, created.id);
}
