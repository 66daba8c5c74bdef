/** `findings list`: the generic list, then --fail-on as a gate (exit code 10) and SARIF or JUnit output. */
import type {RunContext} from '../context';
import {ExitCode, type ExitCodeValue} from '../exit-codes';
import type {Finding} from '../severity';
import {blockingFindings, printFindingsReport} from './findings-report';
import {callCommand} from './generic';

export async function runFindingsList(context: RunContext): Promise<ExitCodeValue> {
  const {line} = context;
  // The definitions are read for SARIF only: the list is one of the two list operations.
  const findings = (await callCommand(context, ['targets_findings_list', 'findings_list'])) as Finding[];
  const failOn = line.options.get('fail-on') as string | undefined;
  const target = line.options.get('target') as string | undefined;
  const scan = line.options.get('scan') as string | undefined;
  const reported = await printFindingsReport(context, findings, `${target ?? 'all-targets'}/findings/${scan ?? 'all-scans'}`, {
    title: `${context.data.productName} findings of ${target ? `target ${target}` : 'every target'}`,
    suiteName: findings[0]?.target?.name && target ? findings[0].target.name : (target ?? 'every target'),
    properties: [
      ...(target ? [['target_id', target] as [string, string]] : []),
      ...(scan ? [['scan_id', scan] as [string, string]] : []),
      ...(failOn ? [['fail_on', failOn] as [string, string]] : []),
    ],
    failOn,
  });
  if (!reported) context.print(findings);
  return blockingFindings(context, findings, failOn).length ? ExitCode.findingsBlock : ExitCode.ok;
}
