/** Severities from the most serious down, as findings and --fail-on name them. */
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

export type Severity = (typeof SEVERITIES)[number];

/** Whether a severity is the threshold or a more serious one. */
export const reaches = (severity: string, threshold: string): boolean =>
  SEVERITIES.indexOf(severity as Severity) >= 0 && SEVERITIES.indexOf(severity as Severity) <= SEVERITIES.indexOf(threshold as Severity);

/** The finding fields the reports and gates read. */
export interface Finding {
  id: string;
  target?: {id: string; name?: string};
  vulnerability: {id: string; name: string};
  cwe_id?: number | null;
  url: string;
  method?: string | null;
  parameter?: string | null;
  severity: Severity;
  cvss_score?: number | null;
  state: string;
  evidence?: {description?: string}[];
}

/** A vulnerability definition, as definitions_retrieve answers. */
export interface Definition {
  id: string;
  name: string;
  description?: string;
  remediation?: string;
  default_severity?: Severity;
  cwe?: {id: number; name: string} | null;
  references?: string[];
}

/** Where a finding is: its method, URL and parameter, as the reports name it. */
export const findingPlace = (finding: Finding): string => `${finding.method ? `${finding.method} ` : ''}${finding.url}`;
