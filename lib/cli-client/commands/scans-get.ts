/** `scans get`: the scan, with its warnings added as the `warnings` field. */
import type {RunContext} from '../context';
import {ExitCode, type ExitCodeValue} from '../exit-codes';
import {callOperation} from '../requests';

export async function runScansGet(context: RunContext): Promise<ExitCodeValue> {
  const {data, line} = context;
  const scanId = String(line.args.get('scan-id'));
  const scan = (await callOperation(
    context.client(),
    data.operations.targets_scans_retrieve,
    new Map([
      ['target_id', String(line.args.get('target-id'))],
      ['scan_id', scanId],
    ]),
  )) as Record<string, unknown>;
  const warnings = (await callOperation(context.client(), data.operations.scans_warnings_list, new Map([['scan_id', scanId]]))) as {
    code: string;
    url?: string | null;
    message: string;
  }[];
  context.print({...scan, warnings});
  // A table shows no list of objects: the warnings follow it, one line each.
  if (context.format === 'table' && !context.quiet) for (const warning of warnings) context.out(`  ${warning.code}  ${warning.url ?? '-'}  ${warning.message}`);
  return ExitCode.ok;
}
