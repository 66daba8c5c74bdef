/**
 * The sandbox behaves like the API, per API key, on both engines of the
 * state store: each key's own seeded account, scans on the accelerated clock
 * and their scenarios, findings and their triage, pagination, errors, rate
 * limits and the reset.
 */
import {createHash, randomUUID} from 'node:crypto';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {freePort} from '../../lib/serve/free-port';
import type {RunningServer} from '../../lib/serve/running-server';
import {startSandbox} from '../../lib/serve/sandbox';
import {PER_KEY_QUOTA} from '../../lib/sandbox/rate-limit';
import {SandboxOperations} from '../../lib/sandbox/operations';
import {REPORT_PROGRESS_STEP} from '../../lib/sandbox/reports';
import {RESET_PATH} from '../../lib/sandbox/server';
import {SCENARIO_HOSTS, STILL_VULNERABLE_HOST} from '../../lib/sandbox/scenarios';
import {VERIFICATION_FAILS_HOST} from '../../lib/sandbox/domains';
import {ENGINES, freshStores} from '../state-stores';
import {startReceiver} from '../webhook-receiver';

const newStore = freshStores();
const SEED_TARGET = '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c';
const SEED_SCAN = '5a7e2c91-3d4b-4f6a-8e1c-2b9d0f7a6c35';
const SEED_TEAM = '8b1f6c3d-2e4a-4f5b-9c7d-1a2b3c4d5e6f';
// The Shop API's id in the contract's examples of its findings; the API target example itself reuses the web app's.
const SEED_API_TARGET = '5b7d9f1a-3c5e-4a7b-9d1f-2a4c6e8b0d13';
const operations = SandboxOperations.load();
const exampleScan = operations.example('targets_scans_retrieve', '200');
// The Shop API's scan the seed holds running, the contract's example of a running scan.
const runningScan = operations.examples('targets_scans_retrieve', '200').find((scan) => scan.status === 'started')!;
const SEED_RUNNING_SCAN = String(runningScan.id);
/** A finding's fingerprint, as the finding concept page defines it. */
const fingerprint = (values: {vulnerability: string; target: string; method: string; url: string; location: string; parameter: string}) =>
  createHash('sha256').update([values.vulnerability, values.target, values.method, values.url, values.location, values.parameter].join('\n')).digest('hex');

describe.each(ENGINES)('the sandbox on %s', (engine) => {
  let sandbox: RunningServer;
  beforeAll(async () => {
    // A scan queues 250 ms and runs 1.25 s: fast tests, and time for a few requests while it is in progress.
    sandbox = await startSandbox({port: await freePort(), store: await newStore(engine), clockSpeed: 40});
  }, 120_000);
  afterAll(() => sandbox?.close());

  const client = (key = `test-${randomUUID()}`) => {
    const headers = {Authorization: `JWT ${key}`, 'Content-Type': 'application/json'};
    const send = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${sandbox.url}${path}`, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
      const text = await response.text();
      return {status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined};
    };
    return {key, headers, send};
  };
  const newTarget = (host: string) => ({name: host, type: 'web_app', url: `https://${host}`, labels: [], team_id: SEED_TEAM});
  const scanUntilEnd = async (api: ReturnType<typeof client>, targetId: string) => {
    const started = await api.send('POST', `/api/v1/targets/${targetId}/scans/`);
    expect(started.status).toBe(201);
    const seen = [started.body.status];
    await expect
      .poll(
        async () => {
          const {body} = await api.send('GET', `/api/v1/targets/${targetId}/scans/${started.body.id}/`);
          if (seen.at(-1) !== body.status) seen.push(body.status);
          return ['completed', 'failed'].includes(body.status);
        },
        {timeout: 15_000, interval: 20},
      )
      .toBe(true);
    return {seen, scan: (await api.send('GET', `/api/v1/scans/${started.body.id}/`)).body};
  };

  it('gives every new key its own account, seeded with the ids of the contract examples', async () => {
    const alice = client();
    const bob = client();
    const target = await alice.send('POST', '/api/v1/targets/', newTarget('alice.example.com'));
    expect(target.status).toBe(201);
    expect(target.body.id).not.toBe(SEED_TARGET);
    const listed = (api: ReturnType<typeof client>) => api.send('GET', '/api/v1/targets/').then(({body}) => body.results.map((each: {id: string}) => each.id));
    expect(await listed(alice)).toEqual([SEED_TARGET, SEED_API_TARGET, target.body.id]);
    expect(await listed(bob)).toEqual([SEED_TARGET, SEED_API_TARGET]);
    expect((await bob.send('GET', `/api/v1/targets/${target.body.id}/`)).status).toBe(404);
    expect((await bob.send('GET', `/api/v1/targets/${SEED_TARGET}/scans/${SEED_SCAN}/`)).body.status).toBe('completed');
    const severities = (await bob.send('GET', '/api/v1/findings/?length=100')).body.results.map((finding: {severity: string}) => finding.severity);
    expect(new Set(severities)).toEqual(new Set(['critical', 'high', 'medium', 'low', 'info']));
  });

  it('seeds a new account once, however many of its first requests come at once', async () => {
    const api = client();
    const answers = await Promise.all(Array.from({length: 12}, () => api.send('GET', '/api/v1/targets/')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect((await api.send('GET', '/api/v1/targets/')).body.count).toBe(2);
  });

  it("seeds the contract's API target under an id of its own, with its finding, beside the web app", async () => {
    const api = client();
    const kinds = (await api.send('GET', '/api/v1/targets/')).body.results.map((target: {type: string}) => target.type);
    expect(kinds).toEqual(['web_app', 'api']);
    const {body: apiTargets} = await api.send('GET', '/api/v1/targets/?type=api');
    expect(apiTargets.results).toMatchObject([{id: SEED_API_TARGET, name: 'Shop API', url: 'https://api.shop.example.com'}]);
    expect((await api.send('GET', '/api/v1/targets/?page=2&length=1')).body.results).toMatchObject([{id: SEED_API_TARGET}]);
    const {body: finding} = await api.send('GET', '/api/v1/findings/6e8a0c2e-4b6d-4f8a-9c1e-3a5c7e9b1d3f/');
    expect(finding).toMatchObject({target: {id: SEED_API_TARGET, name: 'Shop API'}, severity: 'medium', owasp_api_category: 'API1:2023'});
  });

  it("seeds the contract's example finding of each severity it has one for: the high one is the report example's reflected cross-site scripting", async () => {
    const api = client();
    const {body: high} = await api.send('GET', `/api/v1/targets/${SEED_TARGET}/findings/?severity=high`);
    expect(high.count).toBe(1);
    const xss = high.results[0];
    expect(xss).toMatchObject({
      id: 'f3a5c7e9-1b3d-4f5a-9c7e-8d0b2f4a6c85',
      vulnerability: {id: 'a4c6e8f0-2b4d-4f6a-8c0e-1d3f5b7d9e21', name: 'Reflected cross-site scripting'},
      cvss_score: 7.1,
      state: 'open',
      method: 'GET',
      url: 'https://shop.example.com/search',
      parameter: 'q',
      issues: [],
    });
    expect(xss.retest_status ?? null).toBeNull();
    expect(xss.fingerprint).toBe(
      fingerprint({
        vulnerability: xss.vulnerability.id,
        target: SEED_TARGET,
        method: 'GET',
        url: 'https://shop.example.com/search',
        location: 'query',
        parameter: 'q',
      }),
    );
    const {body: critical} = await api.send('GET', `/api/v1/targets/${SEED_TARGET}/findings/?severity=critical`);
    expect(critical.results).toMatchObject([{id: '9d2b4f6a-8c1e-4b3d-a5f7-6e8c0a2b4d19', vulnerability: {name: 'SQL injection'}}]);
  });

  it("names a scanning agent assigned to a target as the contract's examples do", async () => {
    const api = client();
    const agent = 'b6c7d8e9-f0a1-4b2c-a3e4-f5a6b7c8d9e0';
    const {body: target} = await api.send('PATCH', `/api/v1/targets/${SEED_TARGET}/`, {scanning_agent_id: agent});
    expect(target.scanning_agent).toEqual({id: agent, name: 'Frankfurt data centre'});
  });

  it('updates and deletes what a key created, and keeps it so', async () => {
    const api = client();
    const {body: target} = await api.send('POST', '/api/v1/targets/', newTarget('shop.example.org'));
    expect((await api.send('PATCH', `/api/v1/targets/${target.id}/`, {name: 'Renamed'})).body.name).toBe('Renamed');
    expect((await api.send('GET', `/api/v1/targets/${target.id}/`)).body.name).toBe('Renamed');
    expect((await api.send('DELETE', `/api/v1/targets/${target.id}/`)).status).toBe(204);
    expect((await api.send('GET', `/api/v1/targets/${target.id}/`)).status).toBe(404);
  });

  it('runs a scan from queued through started to completed on the clock, and records its findings', async () => {
    const api = client();
    const {body: target} = await api.send('POST', '/api/v1/targets/', newTarget('clean.example.net'));
    const {seen, scan} = await scanUntilEnd(api, target.id);
    expect(seen[0]).toBe('queued');
    expect(seen.at(-1)).toBe('completed');
    expect(seen.every((status) => ['queued', 'started', 'completed'].includes(status))).toBe(true);
    // Started without a body: no notes, whatever the example scan's.
    expect(scan).toMatchObject({progress: 100, failure_reason: null, notes: '', coverage: {complete: true, gaps: []}});
    // The example scan's figures, so that a page's scan compares with what it shows.
    const {pages_crawled, requests_sent, endpoints_tested, duration_seconds} = exampleScan.coverage as Record<string, number>;
    expect(scan.coverage).toMatchObject({pages_crawled, requests_sent, endpoints_tested, duration_seconds});
    expect(scan.warnings_count).toBe(exampleScan.warnings_count);
    expect(scan.started_at <= scan.finished_at).toBe(true);
    const findings = (await api.send('GET', `/api/v1/targets/${target.id}/findings/`)).body.results;
    // Its own fingerprints: the target's id is one of the values.
    const sqlInjection = findings.find((finding: {parameter: string}) => finding.parameter === 'sort');
    expect(sqlInjection.fingerprint).toBe(
      fingerprint({
        vulnerability: sqlInjection.vulnerability.id,
        target: target.id,
        method: 'GET',
        url: 'https://clean.example.net/api/orders',
        location: 'query',
        parameter: 'sort',
      }),
    );
    // As many of each severity as the example scan counts, so that the pages' counts and findings agree.
    const counted: Record<string, number> = {};
    for (const {severity} of findings as {severity: string}[]) counted[severity] = (counted[severity] ?? 0) + 1;
    expect(counted).toEqual({critical: 1, high: 1, medium: 3, low: 5, info: 2});
    expect(scan.severity_counts).toEqual(counted);
    // New findings, not triaged yet: no labels, comment, issue or re-test, as the quick start shows them.
    expect(
      findings.filter(
        (finding: Record<string, unknown[]>) => finding.labels.length || finding.comment.length || finding.issues.length || 'retest_status' in finding,
      ),
    ).toEqual([]);
    expect(
      findings.every(
        (finding: {fingerprint: string; last_found_scan_id: string}) => finding.last_found_scan_id === scan.id && /^[0-9a-f]{64}$/.test(finding.fingerprint),
      ),
    ).toBe(true);
  });

  it("ends a scan as its target's host says", async () => {
    const api = client();
    const outcome = async (host: string) => {
      const {body: target} = await api.send('POST', '/api/v1/targets/', newTarget(host));
      return (await scanUntilEnd(api, target.id)).scan;
    };
    expect(await outcome(`app.${SCENARIO_HOSTS.login_failed}`)).toMatchObject({
      status: 'completed',
      coverage: {complete: false, gaps: ['login_failed'], login: 'failed'},
    });
    expect(await outcome(SCENARIO_HOSTS.crawl_limit_reached)).toMatchObject({
      status: 'completed',
      coverage: {gaps: ['crawl_limit_reached'], crawl_limit_reached: true},
    });
    const failed = await outcome(SCENARIO_HOSTS.failed);
    expect(failed.status).toBe('failed');
    expect(failed.failure_reason).toEqual(expect.any(String));
  });

  it("pauses, resumes and cancels as the contract's transitions allow, and answers 409 state_conflict otherwise", async () => {
    const api = client();
    const {body: target} = await api.send('POST', '/api/v1/targets/', newTarget('pause.example.com'));
    const {body: scan} = await api.send('POST', `/api/v1/targets/${target.id}/scans/`);
    const action = (name: string) => api.send('POST', `/api/v1/targets/${target.id}/scans/${scan.id}/${name}/`);
    const refused = await action('resume');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({code: 'state_conflict', request_id: refused.headers.get('x-request-id')});
    expect((await api.send('POST', `/api/v1/targets/${target.id}/scans/`)).body.code).toBe('scan_in_progress');
    const canceled = await action('cancel');
    expect(canceled.body.status).toBe('canceled');
    expect((await action('cancel')).status).toBe(409);
    expect((await api.send('GET', `/api/v1/scans/${scan.id}/`)).body.status).toBe('canceled');
    expect((await api.send('POST', `/api/v1/targets/${SEED_TARGET}/scans/${SEED_SCAN}/pause/`)).body.code).toBe('state_conflict');
  });

  it('pauses a started scan, which then stays paused until resumed, and resumes it to the queue', async () => {
    const api = client();
    const {body: target} = await api.send('POST', '/api/v1/targets/', newTarget('resume.example.com'));
    const {body: scan} = await api.send('POST', `/api/v1/targets/${target.id}/scans/`);
    const status = () => api.send('GET', `/api/v1/scans/${scan.id}/`).then(({body}) => body.status);
    await expect.poll(status, {timeout: 15_000, interval: 10}).toBe('started');
    const paused = await api.send('POST', `/api/v1/targets/${target.id}/scans/${scan.id}/pause/`);
    expect(paused.body.status).toBe('paused');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await status()).toBe('paused');
    expect((await api.send('POST', `/api/v1/targets/${target.id}/scans/${scan.id}/resume/`)).body.status).toBe('queued');
    await expect.poll(status, {timeout: 15_000, interval: 20}).toBe('completed');
  });

  it('holds the seeded running scan at its progress, whenever it runs, until it is canceled', async () => {
    const api = client();
    const scanPath = `/api/v1/targets/${SEED_API_TARGET}/scans/${SEED_RUNNING_SCAN}`;
    const read = () => api.send('GET', `${scanPath}/`).then(({body}) => body);
    const held = {status: 'started', progress: runningScan.progress, coverage: runningScan.coverage};
    const first = await read();
    expect(first).toMatchObject(held);
    expect(Date.parse(first.started_at)).toBe(Date.parse(String(runningScan.started_at)));
    // Longer than a scan of the clock runs: a scan that was not held would have completed.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await read()).toMatchObject(held);
    expect((await api.send('POST', `/api/v1/targets/${SEED_API_TARGET}/scans/`)).body.code).toBe('scan_in_progress');
    expect((await api.send('POST', `${scanPath}/pause/`)).body).toMatchObject({...held, status: 'paused'});
    expect((await api.send('POST', `${scanPath}/resume/`)).body).toMatchObject({...held, status: 'queued'});
    await expect.poll(() => read().then((body) => body.status), {timeout: 15_000, interval: 20}).toBe('started');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await read()).toMatchObject(held);
    const canceled = (await api.send('POST', `${scanPath}/cancel/`)).body;
    expect(canceled).toMatchObject({...held, status: 'canceled', finished_at: expect.any(String)});
    expect(await read()).toMatchObject({status: 'canceled'});
  });

  it('keeps a false positive so through later scans, and refuses an accepted risk without reason or date', async () => {
    const api = client();
    const {body: findings} = await api.send('GET', `/api/v1/targets/${SEED_TARGET}/findings/?severity=high`);
    const finding = findings.results[0];
    const path = `/api/v1/targets/${SEED_TARGET}/findings/${finding.id}/`;
    const marked = await api.send('PATCH', path, {state: 'false_positive', comment: 'The parameter is never used in a query.'});
    expect(marked.body.state).toBe('false_positive');
    await scanUntilEnd(api, SEED_TARGET);
    const after = (await api.send('GET', path)).body;
    expect(after).toMatchObject({state: 'false_positive', fingerprint: finding.fingerprint});
    expect(after.last_found_scan_id).not.toBe(finding.last_found_scan_id);
    expect((await api.send('GET', `/api/v1/findings/?target_id=${SEED_TARGET}&severity=high`)).body.count).toBe(1);
    const noReason = await api.send('PATCH', path, {state: 'accepted_risk', comment: '', accepted_until: '2099-01-01'});
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toHaveProperty('comment');
    const inAYear = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    expect((await api.send('PATCH', path, {state: 'accepted_risk', comment: 'Fix planned.', accepted_until: inAYear})).body).toMatchObject({
      state: 'accepted_risk',
      accepted_until: inAYear,
    });
    expect((await api.send('GET', path)).body.state).toBe('accepted_risk');
  });

  it("authenticates a key made through the API as its API user, held to its roles' permissions and its policy", async () => {
    const owner = client();
    const created = await owner.send('POST', '/api/v1/api_users/', {name: 'CI', description: 'Pipeline.', is_active: true, team_ids: [SEED_TEAM]});
    expect(created.status).toBe(201);
    const ci = client(created.body.key);
    const denied = await ci.send('GET', '/api/v1/targets/');
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({code: 'permission_denied', detail: expect.stringContaining('targets.view')});
    const analyst = '4b3a2c1d-0e9f-4a8b-b7c6-d5e4f3a2b1c0';
    expect((await owner.send('POST', '/api/v1/api_user_roles/', {api_user_id: created.body.id, role_id: analyst, team_id: SEED_TEAM})).status).toBe(201);
    await owner.send('POST', '/api/v1/targets/', newTarget('owned.example.com'));
    expect((await ci.send('GET', '/api/v1/targets/')).body.count).toBe(3);
    const {body: team} = await owner.send('POST', '/api/v1/teams/', {name: 'Elsewhere', description: 'Another team.', target_limit: 10});
    const {body: elsewhere} = await owner.send('POST', '/api/v1/targets/', {...newTarget('elsewhere.example.com'), team_id: team.id});
    expect(elsewhere.team.id).toBe(team.id);
    expect((await ci.send('GET', '/api/v1/targets/')).body.count).toBe(3);
    expect((await ci.send('GET', `/api/v1/targets/${elsewhere.id}/`)).body.code).toBe('team_scope');
    await owner.send('DELETE', `/api/v1/targets/${elsewhere.id}/`);
    const manage = await ci.send('POST', '/api/v1/targets/', newTarget('ci.example.com'));
    expect(manage.body).toMatchObject({code: 'permission_denied', detail: expect.stringContaining('targets.manage')});
    const policy = {allowed_ip_ranges: [], key_expires_at: null, read_only: true};
    expect((await owner.send('PUT', `/api/v1/api_users/${created.body.id}/policy/`, policy)).status).toBe(200);
    expect((await ci.send('POST', `/api/v1/targets/${SEED_TARGET}/scans/`)).body.code).toBe('read_only');
    const rotated = await owner.send('POST', `/api/v1/api_users/${created.body.id}/rotate_key/`);
    expect((await ci.send('GET', '/api/v1/targets/')).body.code).toBe('api_key_invalid');
    expect((await client(rotated.body.key).send('GET', '/api/v1/targets/')).body.count).toBe(3);
    const expired = {...policy, read_only: false, key_expires_at: new Date(Date.now() - 1000).toISOString()};
    await owner.send('PUT', `/api/v1/api_users/${created.body.id}/policy/`, expired);
    expect((await client(rotated.body.key).send('GET', '/api/v1/targets/')).status).toBe(401);
  });

  it("answers who a key belongs to and what it may do from state: an API user's key is its API user, with its roles' permissions", async () => {
    const owner = client();
    const ownerProfile = await owner.send('GET', '/api/v1/profile/');
    expect(ownerProfile.headers.get('sandbox-answer')).toBe('state');
    expect(ownerProfile.body).toEqual(operations.example('profile_retrieve', '200'));
    expect((await owner.send('GET', '/api/v1/profile/permissions/')).body.results).toEqual(operations.listed('profile_permissions_list'));
    const created = await owner.send('POST', '/api/v1/api_users/', {name: 'Reports job', description: 'Reads.', is_active: true, team_ids: [SEED_TEAM]});
    const {body: role} = await owner.send('POST', '/api/v1/roles/', {name: 'Reader', description: 'Reads.', permissions: ['targets.view', 'profile.view']});
    const {body: wide} = await owner.send('POST', '/api/v1/roles/', {name: 'Catalogue', description: 'Reads it.', permissions: ['catalog.view']});
    await owner.send('POST', '/api/v1/api_user_roles/', {api_user_id: created.body.id, role_id: role.id, team_id: SEED_TEAM});
    await owner.send('POST', '/api/v1/api_user_roles/', {api_user_id: created.body.id, role_id: wide.id, team_id: null});
    const ci = client(created.body.key);
    const profile = await ci.send('GET', '/api/v1/profile/');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({id: created.body.id, type: 'api_user', name: 'Reports job', email: null, teams: [{id: SEED_TEAM, name: 'Payments'}]});
    const permissions = await ci.send('GET', '/api/v1/profile/permissions/');
    const payments = [{id: SEED_TEAM, name: 'Payments'}];
    expect(permissions.body).toMatchObject({count: 3});
    expect(permissions.body.results).toEqual([
      {codename: 'catalog.view', name: 'View the catalogue', account_wide: true, teams: []},
      {codename: 'profile.view', name: 'View own profile', account_wide: false, teams: payments},
      {codename: 'targets.view', name: 'View targets', account_wide: false, teams: payments},
    ]);
  });

  it("refuses an API user's key from outside its policy's allowed ranges with 403 ip_not_allowed, and accepts it from inside", async () => {
    const owner = client();
    const created = await owner.send('POST', '/api/v1/api_users/', {name: 'Runner', description: 'CI.', is_active: true, team_ids: [SEED_TEAM]});
    const analyst = '4b3a2c1d-0e9f-4a8b-b7c6-d5e4f3a2b1c0';
    await owner.send('POST', '/api/v1/api_user_roles/', {api_user_id: created.body.id, role_id: analyst, team_id: SEED_TEAM});
    const ci = client(created.body.key);
    const policy = (ranges: string[]) =>
      owner.send('PUT', `/api/v1/api_users/${created.body.id}/policy/`, {allowed_ip_ranges: ranges, key_expires_at: null, read_only: false});
    expect((await policy(['10.0.0.0/8'])).status).toBe(200);
    const refused = await ci.send('GET', '/api/v1/targets/');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({code: 'ip_not_allowed', request_id: refused.headers.get('x-request-id'), detail: expect.stringContaining('127.0.0.1')});
    // Without a proxy the deployment trusts, the header is the client's own word.
    const forged = await fetch(`${sandbox.url}/api/v1/targets/`, {headers: {...ci.headers, 'X-Forwarded-For': '10.1.2.3'}});
    expect(forged.status).toBe(403);
    expect((await policy(['2001:db8::/32', '127.0.0.0/8'])).status).toBe(200);
    expect((await ci.send('GET', '/api/v1/targets/')).status).toBe(200);
    const invalid = await policy(['10.0.0.0/33', 'example.com']);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.allowed_ip_ranges).toHaveLength(2);
  });

  it('verifies a new domain on the clock: unverified with a token, then pending, then verified, or failed on the scenario host', async () => {
    const api = client();
    expect((await api.send('GET', '/api/v1/domains/')).body.count).toBe(0);
    const added = await api.send('POST', '/api/v1/domains/', {name: 'shop.example.com', include_subdomains: true});
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({name: 'shop.example.com', verification_status: 'unverified', verified_at: null, last_checked_at: null});
    expect(added.body.verification_token).toMatch(/^vgl-[0-9a-f]{32}$/);
    expect(added.body).not.toHaveProperty('verification_method');
    expect((await api.send('POST', '/api/v1/domains/', {name: 'shop.example.com', include_subdomains: false})).body.code).toBe('state_conflict');
    const failing = await api.send('POST', '/api/v1/domains/', {name: `shop.${VERIFICATION_FAILS_HOST}`, include_subdomains: false});
    for (const domain of [added.body, failing.body]) {
      const pending = await api.send('POST', `/api/v1/domains/${domain.id}/verify/`, {method: 'dns_txt'});
      expect(pending.body).toMatchObject({verification_status: 'pending', verification_method: 'dns_txt', verified_at: null});
      expect((await api.send('POST', `/api/v1/domains/${domain.id}/verify/`, {method: 'file'})).body.code).toBe('state_conflict');
    }
    const statusOf = async (id: string) => (await api.send('GET', `/api/v1/domains/${id}/`)).body.verification_status;
    await expect.poll(() => statusOf(added.body.id), {timeout: 15_000, interval: 50}).toBe('verified');
    await expect.poll(() => statusOf(failing.body.id), {timeout: 15_000, interval: 50}).toBe('failed');
    const verified = (await api.send('GET', `/api/v1/domains/${added.body.id}/`)).body;
    expect(verified.verified_at).toBe(verified.last_checked_at);
    expect((await api.send('GET', '/api/v1/domains/?verification_status=verified')).body.results.map((each: {id: string}) => each.id)).toEqual([added.body.id]);
    const renamed = await api.send('PATCH', `/api/v1/domains/${added.body.id}/`, {name: 'store.example.com'});
    expect(renamed.body).toMatchObject({verification_status: 'unverified', verified_at: null});
    expect(renamed.body.verification_token).not.toBe(added.body.verification_token);
  });

  it("sends test deliveries signed as the webhook guide says, which the guide's receiver accepts, through a secret rotation", async () => {
    const api = client();
    const secret = `whsec-sandbox-${randomUUID()}`;
    const oldReceiver = await startReceiver(['node', 'receiver.mjs'], {WEBHOOK_SECRET: secret});
    const wrongReceiver = await startReceiver(['node', 'receiver.mjs'], {WEBHOOK_SECRET: 'another-secret-of-at-least-32-characters'});
    try {
      const webhook = async (url: string) =>
        (await api.send('POST', '/api/v1/webhooks/', {name: 'Receiver', url, events: ['scan_completed'], active: true, secret, target_id: SEED_TARGET})).body;
      const accepted = await webhook(oldReceiver.url);
      expect(accepted).not.toHaveProperty('secret');
      const test = (id: string) => api.send('POST', `/api/v1/webhooks/${id}/test/`, {event: 'scan_completed'}).then(({body}) => body);
      const first = await test(accepted.id);
      expect(first).toMatchObject({success: true, status_code: 204, test: true, event: 'scan_completed'});
      expect(oldReceiver.output()).toContain(`scan_completed ${first.payload.id}`);
      expect(await test((await webhook(wrongReceiver.url)).id)).toMatchObject({success: false, status_code: 401});
      const rotated = (await api.send('POST', `/api/v1/webhooks/${accepted.id}/rotate-secret/`)).body;
      expect(rotated.secret).not.toBe(secret);
      // For a day the old secret still signs beside the new one: a receiver that has either accepts.
      expect(await test(accepted.id)).toMatchObject({success: true, status_code: 204});
      const newReceiver = await startReceiver(['node', 'receiver.mjs'], {WEBHOOK_SECRET: rotated.secret});
      try {
        await api.send('PATCH', `/api/v1/webhooks/${accepted.id}/`, {url: newReceiver.url});
        expect(await test(accepted.id)).toMatchObject({success: true, status_code: 204});
      } finally {
        newReceiver.process.kill();
      }
      const deliveries = (await api.send('GET', `/api/v1/webhooks/${accepted.id}/deliveries/`)).body;
      expect(deliveries.count).toBe(3);
      expect((await api.send('GET', `/api/v1/webhooks/${accepted.id}/`)).body.last_delivery_status_code).toBe(204);
      const elsewhere = await test((await webhook('https://ci.example.com/hooks/scanner')).id);
      expect(elsewhere).toMatchObject({success: false, status_code: null, error: expect.stringContaining('only to receivers on its own machine')});
    } finally {
      oldReceiver.process.kill();
      wrongReceiver.process.kill();
    }
  });

  it('re-tests an open finding through pending and running to the verdict its host gives, once at a time', async () => {
    const api = client();
    const poll = {timeout: 15_000, interval: 20};
    const {body: seeded} = await api.send('GET', `/api/v1/targets/${SEED_TARGET}/findings/?severity=medium`);
    const path = `/api/v1/targets/${SEED_TARGET}/findings/${seeded.results[0].id}/`;
    const asked = await api.send('POST', `${path}retest/`);
    expect(asked.body.retest_status).toBe('pending');
    expect((await api.send('POST', `${path}retest/`)).body.code).toBe('state_conflict');
    await expect.poll(() => api.send('GET', path).then(({body}) => body.retest_status), poll).toBe('fixed');
    expect((await api.send('GET', path)).body).toMatchObject({state: 'fixed', fixed_at: expect.any(String)});
    expect((await api.send('POST', `${path}retest/`)).status).toBe(409);
    const {body: target} = await api.send('POST', '/api/v1/targets/', newTarget(`shop.${STILL_VULNERABLE_HOST}`));
    await scanUntilEnd(api, target.id);
    const {body: found} = await api.send('GET', `/api/v1/targets/${target.id}/findings/?severity=low`);
    const vulnerable = `/api/v1/targets/${target.id}/findings/${found.results[0].id}/`;
    await api.send('POST', `${vulnerable}retest/`);
    await expect.poll(() => api.send('GET', vulnerable).then(({body}) => body.retest_status), poll).toBe('still_open');
    expect((await api.send('GET', vulnerable)).body.state).toBe('open');
  });

  it('re-tests the example finding to the verdict its example shows: its latest re-test found it still open, and so does the next', async () => {
    const api = client();
    const path = `/api/v1/targets/${SEED_TARGET}/findings/9d2b4f6a-8c1e-4b3d-a5f7-6e8c0a2b4d19/`;
    expect((await api.send('GET', path)).body.retest_status).toBe('still_open');
    expect((await api.send('POST', `${path}retest/`)).body.retest_status).toBe('pending');
    await expect.poll(() => api.send('GET', path).then(({body}) => body.retest_status), {timeout: 15_000, interval: 20}).toBe('still_open');
    expect((await api.send('GET', path)).body).toMatchObject({state: 'open', fixed_at: null});
  });

  it('filters on a field an object may lack as the contract means it: a finding never re-tested has no latest re-test', async () => {
    const api = client();
    const counted = (status: string) => api.send('GET', `/api/v1/findings/?target_id=${SEED_TARGET}&retest_status=${status}`).then(({body}) => body.count);
    expect(await counted('pending')).toBe(0);
    expect(await counted('still_open')).toBe(1);
    const path = `/api/v1/targets/${SEED_TARGET}/findings/f3a5c7e9-1b3d-4f5a-9c7e-8d0b2f4a6c85/`;
    await api.send('POST', `${path}retest/`);
    await expect.poll(() => api.send('GET', path).then(({body}) => body.retest_status), {timeout: 15_000, interval: 20}).toBe('fixed');
    expect(await counted('fixed')).toBe(1);
  });

  it('generates a report from queued through generating to ready', async () => {
    const api = client();
    const created = await api.send('POST', '/api/v1/reports/', {
      report_type: 'technical',
      format: 'pdf',
      target_ids: [SEED_TARGET],
      start_date: '2026-09-01',
      end_date: '2026-09-30',
      min_severity: 'low',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({status: 'queued', ready_at: null});
    // Whatever the clock's speed (40 here), a report keeps real time: each step of its progress, such as the 60% the
    // status example shows, lasts seconds, and a read every 100 ms sees each one.
    const seen: string[] = [];
    await expect
      .poll(
        async () => {
          const {body} = await api.send('GET', `/api/v1/reports/${created.body.id}/status/`);
          if (seen.at(-1) !== `${body.status} ${body.progress}`) seen.push(`${body.status} ${body.progress}`);
          return body.status;
        },
        {timeout: 40_000, interval: 100},
      )
      .toBe('ready');
    const steps = Array.from({length: 100 / REPORT_PROGRESS_STEP}, (_, step) => `generating ${step * REPORT_PROGRESS_STEP}`);
    expect(seen).toEqual(['queued 0', ...steps, 'ready 100']);
    expect((await api.send('GET', `/api/v1/reports/${created.body.id}/`)).body).toMatchObject({status: 'ready', ready_at: expect.any(String)});
  });

  it('pages lists with page and length, and answers 404 past the last page', async () => {
    const api = client();
    for (const host of ['a.example.com', 'b.example.com', 'c.example.com']) await api.send('POST', '/api/v1/targets/', newTarget(host));
    const second = await api.send('GET', '/api/v1/targets/?page=2&length=3');
    expect(second.body).toMatchObject({count: 5, page_total: 2, page: 2, length: 3});
    expect(second.body.results.map((target: {name: string}) => target.name)).toEqual(['b.example.com', 'c.example.com']);
    expect((await api.send('GET', '/api/v1/targets/?page=3&length=3')).body.code).toBe('not_found');
    // Empty values, as a form sends the fields left blank, are no values.
    expect((await api.send('GET', '/api/v1/targets/?page=&length=&type=&search=')).body).toMatchObject({count: 5, page: 1, length: 20});
  });

  it('answers a malformed JSON body with 400 at once, and changes nothing', async () => {
    const api = client();
    const response = await fetch(`${sandbox.url}/api/v1/targets/`, {method: 'POST', headers: api.headers, body: '{"name": "Shop",'});
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({code: 'invalid_request', errors: {}, request_id: response.headers.get('x-request-id')});
    expect((await api.send('GET', '/api/v1/targets/')).body.count).toBe(2);
  });

  it("answers a body that breaks the contract with the contract's 400, its request id the response's", async () => {
    const api = client();
    const response = await api.send('POST', '/api/v1/targets/', {name: 42});
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({code: 'validation_failed', request_id: response.headers.get('x-request-id')});
    expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{16}$/);
  });

  it('names the parameters and fields at fault in the 400 of an operation it answers from state', async () => {
    const api = client();
    const query = await api.send('GET', '/api/v1/targets/?type=website&length=500');
    expect(query.status).toBe(400);
    expect(Object.keys(query.body.errors).sort()).toEqual(['length', 'type']);
    const body = await api.send('POST', '/api/v1/targets/', {name: 'No URL', type: 'web_app', labels: [], team_id: SEED_TEAM});
    expect(body.body).toMatchObject({code: 'validation_failed', errors: {url: ['This field is required.']}});
    expect((await api.send('GET', '/api/v1/targets/')).body.count).toBe(2);
  });

  it('lets a page of another origin call it and read its headers, as the try-it panel does', async () => {
    const preflight = await fetch(`${sandbox.url}/api/v1/targets/`, {
      method: 'OPTIONS',
      headers: {Origin: 'https://docs.vigil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type'},
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    const api = client();
    for (const path of ['/api/v1/targets/', '/api/v1/permissions/']) {
      const {headers} = await api.send('GET', path);
      expect(headers.get('access-control-allow-origin'), path).toBe('*');
      expect(headers.get('access-control-expose-headers'), path).toBe('*');
    }
  });

  it('says where an answer comes from, and answers an operation it keeps no state for with its first named example', async () => {
    const api = client();
    expect((await api.send('GET', `/api/v1/targets/${SEED_TARGET}/`)).headers.get('sandbox-answer')).toBe('state');
    // upload_api_schema_file documents a model example besides its named ones: the first named one is the default.
    const upload = await api.send('POST', `/api/v1/targets/${SEED_TARGET}/upload_api_schema_file/`, {content: 'e30=', file_name: 'openapi.json'});
    expect(upload.headers.get('sandbox-answer')).toBe('example');
    expect(upload.body).toMatchObject({file_name: 'openapi.json', source_url: 'https://api.shop.example.com/openapi.json'});
  });

  it('refuses a body over the limit with 413', async () => {
    const api = client();
    const response = await fetch(`${sandbox.url}/api/v1/targets/`, {
      method: 'POST',
      headers: api.headers,
      body: JSON.stringify({name: 'x'.repeat(2 * 1024 * 1024)}),
    });
    expect(response.status).toBe(413);
  });

  it('limits each key to the documented rate, with RateLimit headers and 429 rate_limited with Retry-After', async () => {
    const api = client();
    const first = await api.send('GET', '/sandbox/unknown');
    expect(first.headers.get('ratelimit-policy')).toBe('"per-key";q=300;w=60, "per-account";q=1200;w=60');
    expect(first.headers.get('ratelimit')).toMatch(new RegExp(`^"per-key";r=${PER_KEY_QUOTA - 1};t=\\d+$`));
    for (let sent = 1; sent < PER_KEY_QUOTA; sent += 1) await api.send('GET', '/sandbox/unknown');
    const refused = await api.send('GET', '/api/v1/targets/');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({code: 'rate_limited', request_id: refused.headers.get('x-request-id')});
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client().send('GET', '/api/v1/targets/')).status).toBe(200);
  });

  it('resets a key to a fresh account', async () => {
    const api = client();
    await api.send('POST', '/api/v1/targets/', newTarget('gone.example.com'));
    expect((await api.send('GET', '/api/v1/targets/')).body.count).toBe(3);
    expect((await api.send('POST', RESET_PATH)).status).toBe(204);
    expect((await api.send('GET', '/api/v1/targets/')).body.count).toBe(2);
  });
});
