/**
 * Findings as a SARIF 2.1.0 log, as docs/cli/ci/sarif-and-junit.md
 * describes it field by field: one run categorised by target, scope and
 * scan; one rule per vulnerability definition with its CWE taxon; one
 * result per finding at its URL, fingerprinted by the finding's id.
 */
import {SEVERITIES, findingPlace, type Definition, type Finding, type Severity} from './severity';

const SECURITY_SEVERITY: Record<Severity, string> = {critical: '9.5', high: '8.0', medium: '5.5', low: '2.0', info: '0.0'};
const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {critical: 'error', high: 'error', medium: 'warning', low: 'note', info: 'note'};
const CWE_VERSION = '4.14';
const cweUri = (id: number) => `https://cwe.mitre.org/data/definitions/${id}.html`;

export interface SarifRun {
  cliName: string;
  productName: string;
  productUrl: string;
  version: string;
  /** `<target-id>/<scope>/<scan-id>`, the part of automationDetails.id after the client's name. */
  category: string;
  findings: Finding[];
  definitions: Map<string, Definition>;
}

/** A definition's name as a rule name: SQL injection → SqlInjection. */
const ruleName = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1).toLowerCase())
    .join('');

function message(finding: Finding): string {
  const parameter = finding.parameter ? ` in the parameter ${finding.parameter}` : '';
  const cvss = typeof finding.cvss_score === 'number' ? `, CVSS ${finding.cvss_score}` : '';
  const evidence = finding.evidence?.[0]?.description;
  return `${finding.vulnerability.name}${parameter} of ${findingPlace(finding)} (${finding.severity}${cvss}).${evidence ? ` Evidence: ${evidence}` : ''}`;
}

export function sarifLog(run: SarifRun): unknown {
  const ruleIds = [...new Set(run.findings.map((finding) => finding.vulnerability.id))];
  const mostSerious = (id: string): Severity =>
    SEVERITIES.find((severity) => run.findings.some((finding) => finding.vulnerability.id === id && finding.severity === severity)) ?? 'info';
  const cwes: {id: number; name: string}[] = [];
  for (const id of ruleIds) {
    const cwe = run.definitions.get(id)?.cwe;
    if (cwe && !cwes.some((known) => known.id === cwe.id)) cwes.push(cwe);
  }
  const rules = ruleIds.map((id) => {
    const finding = run.findings.find((candidate) => candidate.vulnerability.id === id)!;
    const definition = run.definitions.get(id);
    const name = definition?.name ?? finding.vulnerability.name;
    const cwe = definition?.cwe ?? undefined;
    const taxon = cwe ? cwes.findIndex((known) => known.id === cwe.id) : -1;
    const helpUri = cwe ? cweUri(cwe.id) : definition?.references?.[0];
    return {
      id,
      name: ruleName(name),
      shortDescription: {text: name},
      ...(definition?.description ? {fullDescription: {text: definition.description}} : {}),
      ...(definition?.remediation ? {help: {text: definition.remediation, markdown: definition.remediation}} : {}),
      ...(helpUri ? {helpUri} : {}),
      defaultConfiguration: {level: LEVEL[definition?.default_severity ?? mostSerious(id)]},
      ...(cwe ? {relationships: [{target: {id: String(cwe.id), index: taxon, toolComponent: {name: 'CWE', index: 0}}, kinds: ['superset']}]} : {}),
      properties: {
        tags: ['security', ...(cwe ? [`external/cwe/cwe-${cwe.id}`] : [])],
        'security-severity': SECURITY_SEVERITY[mostSerious(id)],
        precision: 'high',
      },
    };
  });
  const results = run.findings.map((finding) => ({
    ruleId: finding.vulnerability.id,
    ruleIndex: ruleIds.indexOf(finding.vulnerability.id),
    level: LEVEL[finding.severity],
    message: {text: message(finding)},
    locations: [{physicalLocation: {artifactLocation: {uri: finding.url}}}],
    partialFingerprints: {[`${run.cliName}FindingId/v1`]: finding.id},
    properties: {
      finding_id: finding.id,
      severity: finding.severity,
      cvss_score: finding.cvss_score ?? null,
      state: finding.state,
      method: finding.method ?? null,
      parameter: finding.parameter ?? null,
    },
  }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {driver: {name: run.productName, semanticVersion: run.version, informationUri: run.productUrl, rules}},
        ...(cwes.length
          ? {
              taxonomies: [
                {
                  name: 'CWE',
                  version: CWE_VERSION,
                  organization: 'MITRE',
                  informationUri: 'https://cwe.mitre.org/',
                  shortDescription: {text: 'The MITRE Common Weakness Enumeration'},
                  taxa: cwes.map((cwe) => ({id: String(cwe.id), name: cwe.name, helpUri: cweUri(cwe.id)})),
                },
              ],
            }
          : {}),
        automationDetails: {id: `${run.cliName}/${run.category}`},
        results,
      },
    ],
  };
}
