/**
 * A gate's verdict as JUnit XML, as docs/cli/ci/sarif-and-junit.md
 * describes it: one suite for the target, a test case for the scan's
 * coverage (scan commands only) and one per finding, failed when its
 * severity reaches --fail-on (every finding without it).
 */
import {findingPlace, reaches, type Finding} from './severity';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface JunitReport {
  cliName: string;
  productName: string;
  /** The suites' title: `<product> scan <id>`, or what a list covered. */
  title: string;
  suiteName: string;
  properties: [string, string][];
  findings: Finding[];
  failOn?: string;
  /** For a scan: its coverage gaps (empty when complete, with --allow-incomplete-coverage too) and what explains each. */
  coverage?: {gaps: {gap: string; explanation: string}[]};
  seconds?: number;
  timestamp?: string;
  hostname?: string;
}

export function junitXml(report: JunitReport): string {
  const cases: {xml: string; failed: boolean}[] = [];
  if (report.coverage) {
    const failures = report.coverage.gaps.map(
      ({gap, explanation}) => `      <failure type="${escape(gap)}" message="${escape(gap)}">${escape(explanation)}</failure>`,
    );
    const open = `    <testcase classname="${report.cliName}.coverage" name="The scan covered the whole target" time="0"`;
    cases.push({xml: failures.length ? `${open}>\n${failures.join('\n')}\n    </testcase>` : `${open}/>`, failed: failures.length > 0});
  }
  for (const finding of report.findings) {
    const name = `${finding.vulnerability.name}: ${findingPlace(finding)}${finding.parameter ? ` (${finding.parameter})` : ''}`;
    const open = `    <testcase classname="${report.cliName}.findings.${finding.severity}" name="${escape(name)}" time="0"`;
    if (report.failOn !== undefined && !reaches(finding.severity, report.failOn)) {
      cases.push({xml: `${open}/>`, failed: false});
      continue;
    }
    const cvss = typeof finding.cvss_score === 'number' ? ` (CVSS ${finding.cvss_score})` : '';
    const summary = `${finding.vulnerability.name}, ${finding.severity}${cvss}, finding ${finding.id}`;
    const evidence = finding.evidence?.[0]?.description ?? '';
    cases.push({
      xml: `${open}>\n      <failure type="${finding.severity}" message="${escape(summary)}">${escape(evidence)}</failure>\n    </testcase>`,
      failed: true,
    });
  }
  const failures = cases.filter((testCase) => testCase.failed).length;
  const time = String(report.seconds ?? 0);
  const suiteAttributes = [
    `name="${escape(report.suiteName)}"`,
    `tests="${cases.length}"`,
    `failures="${failures}"`,
    'errors="0"',
    'skipped="0"',
    `time="${time}"`,
    ...(report.timestamp ? [`timestamp="${escape(report.timestamp)}"`] : []),
    ...(report.hostname ? [`hostname="${escape(report.hostname)}"`] : []),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escape(report.title)}" tests="${cases.length}" failures="${failures}" errors="0" time="${time}">`,
    `  <testsuite ${suiteAttributes.join(' ')}>`,
    '    <properties>',
    ...report.properties.map(([name, value]) => `      <property name="${escape(name)}" value="${escape(value)}"/>`),
    '    </properties>',
    ...cases.map((testCase) => testCase.xml),
    '  </testsuite>',
    '</testsuites>',
  ].join('\n');
}
