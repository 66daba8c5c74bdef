/**
 * The SARIF and JUnit examples of the CI guides are what code scanning and CI
 * test reports accept: the SARIF log validates against the official SARIF
 * 2.1.0 schema and has what GitHub code scanning relies on; the JUnit report
 * is well-formed XML with the structure JUnit readers expect.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import {XMLParser, XMLValidator} from 'fast-xml-parser';
import {describe, expect, it} from 'vitest';
import {docFileBlock} from '../doc-code-blocks';
import {portalConfig} from '../../portal.config';
import {repoRoot} from '../../lib/paths';

const page = 'docs/cli/ci/sarif-and-junit.md';
const cli = portalConfig.cliName;
const sarifSchema = JSON.parse(fs.readFileSync(path.join(repoRoot, 'tests/fixtures/ci/sarif-schema-2.1.0.json'), 'utf8'));

interface SarifRule {
  id: string;
  defaultConfiguration?: {level?: string};
  relationships?: {target: {id: string; index?: number; toolComponent?: {name?: string; index?: number}}}[];
  properties?: {tags?: string[]; 'security-severity'?: string};
}
interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  locations: {physicalLocation: {artifactLocation: {uri: string}; region?: unknown}}[];
  partialFingerprints: Record<string, string>;
  properties: {severity: string; finding_id: string};
}
interface SarifLog {
  version: string;
  runs: {
    tool: {driver: {name: string; rules: SarifRule[]}};
    taxonomies: {name: string; taxa: {id: string}[]}[];
    automationDetails: {id: string};
    results: SarifResult[];
  }[];
}

/** The level each severity gets, as the CLI reference says. */
const LEVEL: Record<string, string> = {critical: 'error', high: 'error', medium: 'warning', low: 'note', info: 'note'};
/** The security-severity each severity gets, most serious first, as the CLI reference says. */
const SECURITY_SEVERITY: [string, string][] = [
  ['critical', '9.5'],
  ['high', '8.0'],
  ['medium', '5.5'],
  ['low', '2.0'],
  ['info', '0.0'],
];
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** What GitHub code scanning needs beyond the schema, as problems. */
function codeScanningProblems(log: SarifLog): string[] {
  const problems: string[] = [];
  for (const run of log.runs) {
    const rules = run.tool.driver.rules;
    const cwe = run.taxonomies.find((taxonomy) => taxonomy.name === 'CWE');
    // The category (all before the last "/") names the target and the scope, so that a reduced scan never closes a full scan's results.
    if (!new RegExp(`^${cli}/${UUID}/(full|reduced-scope-${UUID})/${UUID}$`).test(run.automationDetails.id))
      problems.push(`automationDetails.id "${run.automationDetails.id}" is not ${cli}/<target-id>/<scope>/<scan-id>`);
    rules.forEach((rule) => {
      for (const relationship of rule.relationships ?? []) {
        const taxon = cwe?.taxa[relationship.target.index ?? -1];
        if (relationship.target.toolComponent?.name !== 'CWE' || taxon?.id !== relationship.target.id)
          problems.push(`rule ${rule.id} refers to CWE-${relationship.target.id}, which is not that taxon of the CWE taxonomy`);
        if (!rule.properties?.tags?.includes(`external/cwe/cwe-${relationship.target.id}`))
          problems.push(`rule ${rule.id} lacks the tag external/cwe/cwe-${relationship.target.id}`);
      }
      if (!rule.relationships?.length) problems.push(`rule ${rule.id} has no CWE weakness`);
      if (!rule.properties?.tags?.includes('security')) problems.push(`rule ${rule.id} is not tagged security`);
      // From the most serious effective severity of the rule's findings, not from a CVSS score some findings lack.
      const severities = new Set(run.results.filter((result) => result.ruleId === rule.id).map((result) => result.properties.severity));
      const expected = SECURITY_SEVERITY.find(([severity]) => severities.has(severity))?.[1];
      if (rule.properties?.['security-severity'] !== expected)
        problems.push(`rule ${rule.id} has security-severity ${rule.properties?.['security-severity']}, not ${expected} for its most serious finding`);
    });
    const fingerprints = new Set<string>();
    run.results.forEach((result, index) => {
      if (rules[result.ruleIndex]?.id !== result.ruleId) problems.push(`result ${index}: ruleIndex ${result.ruleIndex} is not rule ${result.ruleId}`);
      if (LEVEL[result.properties.severity] !== result.level)
        problems.push(`result ${index}: level ${result.level} for a ${result.properties.severity} finding`);
      const uri = result.locations[0]?.physicalLocation.artifactLocation.uri ?? '';
      if (!/^https?:\/\//.test(uri)) problems.push(`result ${index}: location "${uri}" is not the finding's URL`);
      if (result.locations[0]?.physicalLocation.region !== undefined) problems.push(`result ${index}: a URL has no region`);
      const fingerprint = Object.values(result.partialFingerprints).join();
      if (fingerprint !== result.properties.finding_id) problems.push(`result ${index}: the fingerprint is not the finding's id`);
      if (fingerprints.has(fingerprint)) problems.push(`result ${index}: fingerprint ${fingerprint} is not unique`);
      fingerprints.add(fingerprint);
    });
  }
  return problems;
}

describe('the SARIF example', () => {
  const block = docFileBlock(page, 'results.sarif');
  const log = JSON.parse(block.value) as SarifLog;

  it('validates against the SARIF 2.1.0 schema', () => {
    // The schema's language-tag pattern, "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$", is valid only without the u flag.
    const ajv = new Ajv({allErrors: true, strict: false, unicodeRegExp: false});
    addFormats(ajv);
    const validate = ajv.compile(sarifSchema);
    const valid = validate(log);
    expect(validate.errors ?? [], `${block.file}:${block.line}`).toEqual([]);
    expect(valid).toBe(true);
  });

  it('has what SARIF readers rely on: a category per target and scope, CWE taxa, levels and security-severity from the effective severity, URL locations, stable fingerprints', () => {
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0].results.length).toBeGreaterThan(0);
    expect(codeScanningProblems(log)).toEqual([]);
  });

  it('the code scanning checks catch a broken log', () => {
    const broken = structuredClone(log);
    broken.runs[0].results[1].level = 'note';
    broken.runs[0].results[1].partialFingerprints = {...broken.runs[0].results[0].partialFingerprints};
    broken.runs[0].tool.driver.rules[0].relationships![0].target.id = '90';
    broken.runs[0].tool.driver.rules[1].properties!['security-severity'] = '7.1';
    broken.runs[0].automationDetails.id = `${cli}/3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c/5a7e2c91-3d4b-4f6a-8e1c-2b9d0f7a6c35`;
    broken.runs[0].results[0].locations[0].physicalLocation.region = {startLine: 1};
    expect(codeScanningProblems(broken)).toEqual([
      `automationDetails.id "${cli}/3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c/5a7e2c91-3d4b-4f6a-8e1c-2b9d0f7a6c35" is not ${cli}/<target-id>/<scope>/<scan-id>`,
      'rule 1b3d5f7a-9c2e-4d6f-8a1b-3c5e7a9b1d2f refers to CWE-90, which is not that taxon of the CWE taxonomy',
      'rule 1b3d5f7a-9c2e-4d6f-8a1b-3c5e7a9b1d2f lacks the tag external/cwe/cwe-90',
      'rule a4c6e8f0-2b4d-4f6a-8c0e-1d3f5b7d9e21 has security-severity 7.1, not 8.0 for its most serious finding',
      'result 0: a URL has no region',
      'result 1: level note for a high finding',
      "result 1: the fingerprint is not the finding's id",
      'result 1: fingerprint 9d2b4f6a-8c1e-4b3d-a5f7-6e8c0a2b4d19 is not unique',
    ]);
  });
});

describe('the JUnit example', () => {
  const block = docFileBlock(page, 'junit.xml');

  it('is well-formed XML with JUnit structure: suites, cases, consistent counts', () => {
    expect(XMLValidator.validate(block.value), `${block.file}:${block.line}`).toBe(true);
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => ['testsuite', 'testcase', 'failure', 'property'].includes(name),
    });
    const report = parser.parse(block.value);
    const suites = report.testsuites.testsuite as {
      name: string;
      tests: string;
      failures: string;
      errors: string;
      testcase: {name: string; classname: string; failure?: {type: string; message: string}[]}[];
    }[];
    expect(suites.length).toBeGreaterThan(0);
    let tests = 0;
    let failures = 0;
    for (const suite of suites) {
      expect(suite.name).toBeTruthy();
      const failed = suite.testcase.filter((testcase) => testcase.failure);
      expect(Number(suite.tests)).toBe(suite.testcase.length);
      expect(Number(suite.failures)).toBe(failed.length);
      for (const testcase of suite.testcase) {
        expect(testcase.name).toBeTruthy();
        expect(testcase.classname).toMatch(/^[a-z]+\.(coverage|findings\.(critical|high|medium|low|info))$/);
        for (const failure of testcase.failure ?? []) expect(failure.message).toBeTruthy();
      }
      tests += suite.testcase.length;
      failures += failed.length;
    }
    expect(Number(report.testsuites.tests)).toBe(tests);
    expect(Number(report.testsuites.failures)).toBe(failures);
    // The blocking findings fail; the coverage, complete, and the finding below --fail-on pass.
    const cases = suites.flatMap((suite) => suite.testcase);
    expect(cases.find((testcase) => testcase.classname === `${cli}.coverage`)).toBeTruthy();
    expect(cases.filter((testcase) => testcase.failure).map((testcase) => testcase.classname)).toEqual([`${cli}.findings.critical`, `${cli}.findings.high`]);
    expect(cases.find((testcase) => testcase.classname.endsWith('.medium'))?.failure).toBeUndefined();
  });
});
