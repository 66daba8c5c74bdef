/**
 * The SARIF and JUnit examples of the CI guides are what code scanning and CI
 * test reports accept: the SARIF log validates against the official SARIF
 * 2.1.0 schema and has what GitHub code scanning relies on; the JUnit report
 * is well-formed XML with the structure JUnit readers expect.
 */
import {XMLParser, XMLValidator} from 'fast-xml-parser';
import {describe, expect, it} from 'vitest';
import {docFileBlock} from '../doc-code-blocks';
import {codeScanningProblems, sarifSchemaErrors, type SarifLog} from '../sarif-checks';
import {portalConfig} from '../../portal.config';

const page = 'docs/cli/ci/sarif-and-junit.md';
const cli = portalConfig.cliName;

describe('the SARIF example', () => {
  const block = docFileBlock(page, 'results.sarif');
  const log = JSON.parse(block.value) as SarifLog;

  it('validates against the SARIF 2.1.0 schema', () => {
    expect(sarifSchemaErrors(log), `${block.file}:${block.line}`).toEqual([]);
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
