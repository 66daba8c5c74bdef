/**
 * What the gates share: the blocking findings on standard error, and the
 * findings as SARIF (with their vulnerability definitions read once each)
 * or JUnit instead of the command's usual output.
 */
import type {RunContext} from '../context';
import {junitXml, type JunitReport} from '../junit';
import {callOperation} from '../requests';
import {sarifLog} from '../sarif';
import {findingPlace, reaches, type Definition, type Finding} from '../severity';

/** The findings at or above --fail-on, listed on standard error. */
export function blockingFindings(context: RunContext, findings: Finding[], failOn: string | undefined): Finding[] {
  if (failOn === undefined) return [];
  const blocking = findings.filter((finding) => reaches(finding.severity, failOn));
  if (blocking.length) {
    context.err(`${blocking.length} open finding${blocking.length === 1 ? '' : 's'} at or above ${failOn}:`);
    for (const finding of blocking) context.err(`  ${finding.severity}  ${finding.vulnerability.name}  ${findingPlace(finding)}  ${finding.id}`);
  }
  return blocking;
}

async function definitionsOf(context: RunContext, findings: Finding[]): Promise<Map<string, Definition>> {
  const definitions = new Map<string, Definition>();
  for (const id of new Set(findings.map((finding) => finding.vulnerability.id))) {
    const shape = context.data.operations.definitions_retrieve;
    definitions.set(id, (await callOperation(context.client(), shape, new Map([['definition_id', id]]))) as Definition);
  }
  return definitions;
}

/** Writes the findings as the chosen report format; false when the format is not a report (the caller prints its own result). */
export async function printFindingsReport(
  context: RunContext,
  findings: Finding[],
  category: string,
  junit: Omit<JunitReport, 'cliName' | 'productName' | 'findings'>,
): Promise<boolean> {
  const {data} = context;
  if (context.format === 'sarif') {
    const definitions = await definitionsOf(context, findings);
    const log = sarifLog({
      cliName: data.name,
      productName: data.productName,
      productUrl: data.productUrl,
      version: data.description.version,
      category,
      findings,
      definitions,
    });
    context.out(JSON.stringify(log, null, 2));
    return true;
  }
  if (context.format === 'junit') {
    context.out(junitXml({...junit, cliName: data.name, productName: data.productName, findings}));
    return true;
  }
  return false;
}
