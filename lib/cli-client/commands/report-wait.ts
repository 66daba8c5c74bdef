/**
 * `reports wait`, and `reports generate` with --wait: reads the report's
 * status every --interval, printing each change, until it is `ready`, then
 * downloads it like `reports download`. A report that `failed` exits 1, one
 * that `expired` exits 5.
 */
import {durationMs} from '../command-line';
import type {RunContext} from '../context';
import {CliExit, ExitCode, type ExitCodeValue} from '../exit-codes';
import {callOperation} from '../requests';
import {saveDownload} from './download';
import {callCommand, runGeneric} from './generic';

const clock = () => new Date().toISOString().slice(11, 19);

async function waitForReport(context: RunContext, reportId: string, reportType?: string): Promise<ExitCodeValue> {
  const {data, line} = context;
  const client = context.client();
  const interval = durationMs(String(line.options.get('interval') ?? line.command!.options!.find((option) => option.name === 'interval')!.default))!;
  const ids = new Map([['report_id', reportId]]);
  let shown = '';
  for (;;) {
    const report = (await callOperation(client, data.operations.reports_status, ids)) as {
      status: string;
      progress?: number | null;
      detail?: string | null;
      report_type?: string;
    };
    const state = `${report.status}${typeof report.progress === 'number' && report.status === 'generating' ? `  ${report.progress}%` : ''}`;
    if (state !== shown) context.err(`${clock()}  ${state}`);
    shown = state;
    if (report.status === 'ready') return saveDownload(context, client, data.operations.reports_download, ids, report.report_type ?? reportType);
    if (report.status === 'failed') throw new CliExit(ExitCode.failed, `The report's generation failed${report.detail ? `: ${report.detail}` : ''}.`);
    if (report.status === 'expired') throw new CliExit(ExitCode.conflict, 'The report expired: generate it again.');
    await context.deadline.sleep(interval);
  }
}

export const runReportsWait = (context: RunContext): Promise<ExitCodeValue> => waitForReport(context, String(context.line.args.get('report-id')));

/** `reports generate`: the generic request; with --wait, the wait and the download of the new report. */
export async function runReportsGenerate(context: RunContext): Promise<ExitCodeValue> {
  if (context.line.options.get('wait') !== true) return runGeneric(context);
  const created = (await callCommand(context, ['reports_create'])) as {id: string; report_type?: string};
  context.err(`Asked for the report ${created.id}.`);
  return waitForReport(context, created.id, created.report_type);
}
