/**
 * Findings: the ones a completed scan records (as many per severity as the
 * contract's example scan counts, from its example finding, recognised across scans by their fingerprint),
 * and the state changes a reader makes, checked as the contract's
 * `FindingBody` describes them.
 */
import {createHash} from 'node:crypto';
import type {Json} from './account-store';
import {invalidField} from './errors';
import {freshId, stableId} from './ids';

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

/**
 * The seed's findings, with stable ids: as many of each severity as the example scan counts (`severityCounts`), so
 * that a scan's counts and its findings agree with the pages. The first of a severity is the contract's example
 * finding of that severity, the Finding example or one of `examples`; the others are made like the Finding example.
 */
export function seedFindings(example: Json, severityCounts: Json, examples: Json[]): Json[] {
  const targetId = String((example.target as Json).id);
  const own = new Map([...examples, example].map((finding) => [finding.severity, finding]));
  return SEVERITIES.flatMap((severity) =>
    Array.from({length: Math.max(1, Number(severityCounts[severity] ?? 1))}, (_, position) => {
      if (position === 0 && own.has(severity)) return own.get(severity)!;
      const suffix = position === 0 ? '' : ` ${position + 1}`;
      const finding: Json = {
        ...example,
        id: stableId(`finding ${severity}${suffix}`),
        severity,
        parameter: `${String(example.parameter)}_${severity}${suffix.replace(' ', '_')}`,
        issues: [],
      };
      delete finding.retest_status;
      return {...finding, fingerprint: fingerprintOf(targetId, finding)};
    }),
  );
}

/**
 * A finding of a row of the contract's CSV example of a report: the row's fields (id, vulnerability, severity, CVSS
 * score, state, where and when) over the Finding example, without the example's CVSS vector, CWE, re-test, issue or
 * labels, which the row does not give, and with the exchange that proves a reflected script.
 */
export function findingOfReportRow(example: Json, row: Record<string, string>, vulnerabilityId: string): Json {
  const url = new URL(row.url);
  const probe = '<script>alert(1)</script>';
  const sent = `${url.origin}${url.pathname}?${row.parameter}=${encodeURIComponent(probe)}`;
  const answered = `<p>No results for ${probe}</p>`;
  const finding: Json = {
    ...example,
    id: row.finding_id,
    vulnerability: {id: vulnerabilityId, name: row.vulnerability},
    cwe_id: null,
    url: row.url,
    method: row.method,
    parameter: row.parameter,
    parameter_location: 'query',
    evidence: [
      {
        description: `${row.method} ${url.pathname}?${row.parameter}=${probe} returned the script unencoded in the page.`,
        request: {method: row.method, url: sent, header_fields: [{name: 'Accept', value: 'text/html'}], body: '', body_truncated: false},
        response: {status_code: 200, header_fields: [{name: 'Content-Type', value: 'text/html'}], body: answered, body_truncated: false},
        markers: [
          {
            part: 'request_url',
            header: null,
            offset: sent.indexOf('?') + row.parameter.length + 2,
            length: encodeURIComponent(probe).length,
            text: encodeURIComponent(probe),
          },
          {part: 'response_body', header: null, offset: answered.indexOf(probe), length: probe.length, text: probe},
        ],
      },
    ],
    severity: row.severity,
    severity_source: 'manual',
    cvss_vector: null,
    cvss_score: Number(row.cvss_score),
    state: row.state,
    labels: [],
    issues: [],
    first_found_scan_id: example.last_found_scan_id,
    first_found_at: row.first_found_at,
    last_found_at: row.last_found_at,
  };
  delete finding.retest_status;
  return {...finding, fingerprint: fingerprintOf(String((example.target as Json).id), finding)};
}

/**
 * A finding's fingerprint as the finding concept page defines it: the SHA-256 of the vulnerability's id, the
 * target's id, the method, the URL without query (scheme and host in lower case, no default port), the parameter's
 * location and its name, one a line.
 */
export function fingerprintOf(targetId: string, finding: Json): string {
  const url = new URL(String(finding.url));
  const values = [
    (finding.vulnerability as Json)?.id,
    targetId,
    String(finding.method).toUpperCase(),
    `${url.protocol}//${url.host}${url.pathname}`,
    finding.parameter_location ?? 'none',
    finding.parameter ?? '',
  ];
  return createHash('sha256').update(values.join('\n')).digest('hex');
}

/**
 * The findings after a completed scan of a target: a finding already known
 * by fingerprint is found again (a fixed one reopens; false positives and
 * accepted risks stay as they are), a new one is created `open`.
 */
export function recordScanFindings(templates: Json[], target: Json, scanId: string, known: Json[], nowIso: string): {created: Json[]; updated: Json[]} {
  const created: Json[] = [];
  const updated: Json[] = [];
  const host = new URL(String(target.url)).origin;
  for (const template of templates) {
    const url = `${host}${new URL(String(template.url)).pathname}`;
    // The seed's findings keep their own fingerprints on their own target, so a new scan of it finds them again.
    const fingerprint = (template.target as Json).id === target.id ? String(template.fingerprint) : fingerprintOf(String(target.id), {...template, url});
    const existing = known.find((finding) => finding.fingerprint === fingerprint);
    if (existing) {
      updated.push({...existing, last_found_scan_id: scanId, last_found_at: nowIso, ...(existing.state === 'fixed' ? {state: 'open', fixed_at: null} : {})});
      continue;
    }
    const finding: Json = {
      ...template,
      id: freshId(),
      target: {id: target.id, name: target.name},
      url,
      fingerprint,
      first_found_scan_id: scanId,
      last_found_scan_id: scanId,
      first_found_at: nowIso,
      last_found_at: nowIso,
      state: 'open',
      accepted_until: null,
      fixed_at: null,
      // Labels, comments and issues are triage: a new finding has none yet.
      labels: [],
      comment: '',
      issues: [],
    };
    delete finding.retest_status;
    created.push(finding);
  }
  return {created, updated};
}

const DAY_MS = 86_400_000;

/** A finding after a reader's change; refuses what the contract does not allow (accepted risk without reason or date). */
export function changeFinding(finding: Json, change: Json, nowMs: number): Json {
  const next = {...finding, ...pick(change, ['severity', 'state', 'accepted_until', 'labels', 'comment'])};
  if (next.state === 'accepted_risk') {
    if (typeof next.comment !== 'string' || next.comment.trim() === '') throw invalidField('comment', 'A reason is required to accept the risk.');
    const until = Date.parse(`${String(next.accepted_until)}T00:00:00Z`);
    if (Number.isNaN(until)) throw invalidField('accepted_until', 'A date is required to accept the risk.');
    if (until <= nowMs || until > nowMs + 365 * DAY_MS) throw invalidField('accepted_until', 'Must be a day after today, at most 365 days ahead.');
  } else {
    next.accepted_until = null;
  }
  if (next.state === 'fixed' && finding.state !== 'fixed') next.fixed_at = new Date(nowMs).toISOString();
  if (next.state !== 'fixed') next.fixed_at = null;
  return next;
}

/** Sandbox seconds a re-test waits for a scanner, then runs, before its verdict. */
export const RETEST_PENDING_SECONDS = 2;
export const RETEST_RUNNING_SECONDS = 8;

/** What a finding keeps of a re-test in progress, beside its API fields. */
export interface RetestState {
  requestedMs: number;
  verdict: 'fixed' | 'still_open';
}

/** When a re-test has its verdict, ms since the epoch. */
export const retestDoneMs = (retest: RetestState, speed: number): number =>
  retest.requestedMs + ((RETEST_PENDING_SECONDS + RETEST_RUNNING_SECONDS) * 1000) / speed;

/**
 * A finding as it stands at `nowMs`, on the clock of `speed`: a re-test
 * moves through `pending` and `running` to its verdict (a `fixed` verdict
 * fixes the finding), and an accepted risk whose day has come is open again.
 * Once a re-test has its verdict, the finding no longer carries it as state.
 */
export function currentFinding(finding: Json, nowMs: number, speed: number, stateKey: string): Json {
  let current = finding;
  const kept = (finding[stateKey] as {retest?: RetestState} | undefined) ?? {};
  if (kept.retest) {
    const {requestedMs, verdict} = kept.retest;
    const elapsed = ((nowMs - requestedMs) * speed) / 1000;
    if (elapsed < RETEST_PENDING_SECONDS) current = {...current, retest_status: 'pending'};
    else if (elapsed < RETEST_PENDING_SECONDS + RETEST_RUNNING_SECONDS) current = {...current, retest_status: 'running'};
    else {
      const doneAt = new Date(retestDoneMs(kept.retest, speed)).toISOString();
      const {retest: _done, ...rest} = kept;
      current = {
        ...current,
        retest_status: verdict,
        [stateKey]: rest,
        ...(verdict === 'fixed' && current.state === 'open' ? {state: 'fixed', fixed_at: doneAt} : {}),
      };
    }
  }
  if (current.state === 'accepted_risk' && Date.parse(`${String(current.accepted_until)}T00:00:00Z`) <= nowMs) {
    current = {...current, state: 'open', accepted_until: null};
  }
  return current;
}

export const retestInProgress = (finding: Json): boolean => finding.retest_status === 'pending' || finding.retest_status === 'running';

function pick(value: Json, names: string[]): Json {
  return Object.fromEntries(names.filter((name) => name in value).map((name) => [name, value[name]]));
}
