/**
 * Commands that show one object with a list from a second operation added as
 * a field: `scans get` with the scan's `warnings`, `findings get --log` with
 * the finding's `log`. A table shows the list after the object, one line per
 * entry.
 */
import type {RunContext} from '../context';
import {ExitCode, type ExitCodeValue} from '../exit-codes';
import {table} from '../output';
import {callOperation, requestValues} from '../requests';
import {runGeneric} from './generic';

async function showWithList(context: RunContext, readId: string, listId: string, field: string): Promise<ExitCodeValue> {
  const {data, line} = context;
  const call = (id: string) => callOperation(context.client(), data.operations[id], requestValues(line.command!, line, data.operations[id], id));
  const object = (await call(readId)) as Record<string, unknown>;
  const list = (await call(listId)) as Record<string, unknown>[];
  context.print({...object, [field]: list});
  // A list the command's table layout shows under its line is not shown again.
  const laidOut = line.command!.table?.fields?.some((shown) => shown.each?.field === field);
  if (context.format === 'table' && !context.quiet && list.length && !laidOut) context.out(table(list));
  return ExitCode.ok;
}

export const runScansGet = (context: RunContext): Promise<ExitCodeValue> => showWithList(context, 'targets_scans_retrieve', 'scans_warnings_list', 'warnings');

export const runFindingsGet = (context: RunContext): Promise<ExitCodeValue> =>
  context.line.options.get('log') === true ? showWithList(context, 'targets_findings_retrieve', 'targets_findings_logs_list', 'log') : runGeneric(context);
