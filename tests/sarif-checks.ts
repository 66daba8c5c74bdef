/**
 * What a SARIF log the CLI writes must be: valid against the official SARIF
 * 2.1.0 schema (tests/fixtures/ci/), and with what GitHub code scanning
 * relies on, as docs/cli/ci/sarif-and-junit.md describes it. The page's
 * example and the client's own output are both held to it.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import {portalConfig} from '../portal.config';
import {repoRoot} from '../lib/paths';

const cli = portalConfig.cliName;
const sarifSchema = JSON.parse(fs.readFileSync(path.join(repoRoot, 'tests/fixtures/ci/sarif-schema-2.1.0.json'), 'utf8'));

export interface SarifRule {
  id: string;
  defaultConfiguration?: {level?: string};
  relationships?: {target: {id: string; index?: number; toolComponent?: {name?: string; index?: number}}}[];
  properties?: {tags?: string[]; 'security-severity'?: string};
}
export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  locations: {physicalLocation: {artifactLocation: {uri: string}; region?: unknown}}[];
  partialFingerprints: Record<string, string>;
  properties: {severity: string; finding_id: string};
}
export interface SarifLog {
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
export function codeScanningProblems(log: SarifLog): string[] {
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

/** The log's problems against the SARIF 2.1.0 schema, none when it is valid. */
export function sarifSchemaErrors(log: unknown): unknown[] {
  // The schema's language-tag pattern, "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$", is valid only without the u flag.
  const ajv = new Ajv({allErrors: true, strict: false, unicodeRegExp: false});
  addFormats(ajv);
  const validate = ajv.compile(sarifSchema);
  return validate(log) ? [] : (validate.errors ?? []);
}
