/**
 * The `vigil` client as readers run it: the real executable in child
 * processes, against the sandbox (Prism answering from the contract's
 * examples: the example scan is completed and its open findings include a
 * critical one) and against a stub API on 127.0.0.1 for what the sandbox
 * never does (429, 5xx, slow answers, several pages, error statuses).
 */
import fs from 'node:fs';
import path from 'node:path';
import {XMLParser, XMLValidator} from 'fast-xml-parser';
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {parse, stringify} from 'yaml';
import {freePort} from '../../lib/serve/free-port';
import {startSandbox} from '../../lib/serve/sandbox';
import type {RunningServer} from '../../lib/serve/running-server';
import {cliName, freshHome, json, runCli, startStubApi, type StubApi} from '../cli-runs';
import {codeScanningProblems, sarifSchemaErrors, type SarifLog} from '../sarif-checks';

const TARGET = '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c';
/** The seeded API target, listed after the web app. */
const API_TARGET = '5b7d9f1a-3c5e-4a7b-9d1f-2a4c6e8b0d13';
const SCAN = '5a7e2c91-3d4b-4f6a-8e1c-2b9d0f7a6c35';
/** The open findings of the seeded example scan: as many per severity as the contract's example scan counts. */
const SEEDED_FINDINGS = 12;
const FINDING = '9d2b4f6a-8c1e-4b3d-a5f7-6e8c0a2b4d19';
const KEY = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0.envKEY12signature';
const ENV = cliName.toUpperCase().replace(/-/g, '_');

let sandbox: RunningServer;
let stub: StubApi;
/** The client pointed at the sandbox with a key from the environment. */
const atSandbox = () => ({[`${ENV}_API_URL`]: sandbox.url, [`${ENV}_API_KEY`]: KEY});
const atStub = () => ({[`${ENV}_API_URL`]: stub.url, [`${ENV}_API_KEY`]: KEY});

beforeAll(async () => {
  [sandbox, stub] = await Promise.all([startSandbox({port: await freePort(), clockSpeed: 40}), startStubApi(await freePort())]);
}, 120_000);
afterAll(async () => {
  await Promise.all([sandbox?.close(), stub?.close()]);
});
beforeEach(() => {
  stub.requests.length = 0;
});

describe('the command line', () => {
  it.each([
    ['an unknown command', ['targets', 'frobnicate'], /Unknown command "targets frobnicate"/],
    ['an unknown option', ['targets', 'list', '--colour'], /Unknown option --colour/],
    ['a value outside an enum', ['targets', 'list', '--type', 'website'], /--type: "website" is not one of web_app, api, domain/],
    ['an argument that is not an id', ['targets', 'get', 'checkout'], /<target-id>: "checkout" is not an id/],
    ['a missing required option', ['targets', 'create', '--url', 'https://shop.example.com', '--team', TARGET], /needs --type/],
    ['an integer option given text', ['targets', 'list', '--limit', 'ten'], /--limit: "ten" is not a whole number/],
    ['a duration that is none', ['scans', 'wait', TARGET, SCAN, '--interval', 'soon'], /--interval: "soon" is not a duration/],
    ['an output format the command does not have', ['targets', 'list', '--output', 'sarif'], /"targets list" has no --output sarif/],
    ['--quiet with --verbose', ['targets', 'list', '-q', '-v'], /--quiet cannot be combined with --verbose/],
    ['a missing argument', ['scans', 'get', TARGET], /needs <scan-id>/],
    ['a profile the file does not have', ['targets', 'list', '--profile', 'nightly'], /has no profile "nightly"/],
    ['a deletion outside a terminal without --yes', ['targets', 'delete', TARGET], /give --yes/],
    ['an update that changes nothing', ['findings', 'update', TARGET, SCAN], /needs at least one option saying what to change/],
  ])('exits 2 on %s, sending nothing', async (_what, args, message) => {
    const run = await runCli(args, {env: atStub()});
    expect(run.stderr).toMatch(message);
    expect(run.code).toBe(2);
    expect(stub.requests).toEqual([]);
  });

  it('prints its version, as an object with --output json and alone with --quiet, without a key', async () => {
    const [table, asJson, quiet] = await Promise.all([runCli(['version']), runCli(['version', '-o', 'json']), runCli(['version', '--quiet'])]);
    expect(table.stdout).toMatch(new RegExp(`^${cliName} \\d+\\.\\d+\\.\\d+ \\(linux/(amd64|arm64)\\)\\n$`));
    expect(JSON.parse(asJson.stdout)).toEqual({version: expect.stringMatching(/^\d+\.\d+\.\d+$/), os: 'linux', arch: expect.any(String)});
    expect(quiet.stdout.trim()).toBe(JSON.parse(asJson.stdout).version);
    expect([table.code, asJson.code, quiet.code]).toEqual([0, 0, 0]);
  });

  it('exits 3 without an API key, sending nothing', async () => {
    const run = await runCli(['targets', 'list'], {env: {[`${ENV}_API_URL`]: stub.url}});
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/No API key found/);
    expect(stub.requests).toEqual([]);
  });
});

describe('against the sandbox', () => {
  it('lists targets as a table, as JSON, as YAML and as ids with --quiet', async () => {
    const [table, asJson, quiet, asYaml] = await Promise.all(
      [[], ['--output', 'json'], ['--quiet'], ['-o', 'yaml']].map((extra) => runCli(['targets', 'list', ...extra], {env: atSandbox()})),
    );
    expect(parse(asYaml.stdout)).toEqual(JSON.parse(asJson.stdout));
    expect(table.stdout).toMatch(/^ID\s+NAME\s+TYPE/);
    expect(table.stdout).toContain('Checkout web app');
    expect(JSON.parse(asJson.stdout)).toEqual([
      expect.objectContaining({id: TARGET, name: 'Checkout web app'}),
      expect.objectContaining({id: API_TARGET, name: 'Shop API'}),
    ]);
    expect(quiet.stdout).toBe(`${TARGET}\n${API_TARGET}\n`);
    expect([table.code, asJson.code, quiet.code]).toEqual([0, 0, 0]);
  });

  it('shows with whoami where the key comes from and whom it belongs to, and never prints the key with --verbose', async () => {
    const run = await runCli(['whoami', '--output', 'json', '--verbose'], {env: atSandbox()});
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      key_source: 'env',
      key_prefix: 'envKEY12',
      api_url: sandbox.url,
      profile: 'default',
      user: {type: 'user', name: 'Ana Silva'},
      permissions: [expect.objectContaining({codename: 'targets.scan'})],
    });
    expect(run.stderr).toMatch(/GET \/api\/v1\/profile\/ {2}200 {2}\d+ ms/);
    expect(`${run.stdout}${run.stderr}`).not.toContain(KEY.split('.').at(-1));
  });

  it('exits 10 with --fail-on high on the example scan, naming the blocking finding on standard error', async () => {
    const run = await runCli(['scans', 'wait', TARGET, SCAN, '--fail-on', 'high', '--output', 'json'], {env: atSandbox()});
    expect(run.code).toBe(10);
    expect(JSON.parse(run.stdout)).toMatchObject({id: SCAN, status: 'completed'});
    expect(run.stderr).toMatch(/completed {2}100%/);
    // The seeded account's example scan found one finding of each of critical and high.
    expect(run.stderr).toMatch(/2 open findings at or above high:\n {2}critical {2}SQL injection {2}GET https:\/\/shop\.example\.com\/api\/orders/);
    const quiet = await runCli(['scans', 'wait', TARGET, SCAN], {env: atSandbox()});
    expect(quiet.code).toBe(0);
  });

  it('starts a scan and, with --wait, gates on it like scans wait', async () => {
    const run = await runCli(['scans', 'start', TARGET, '--notes', 'Release 4.12.0', '--wait', '--fail-on', 'critical', '--quiet'], {env: atSandbox()});
    expect(run.stderr).toMatch(/Started the scan [0-9a-f-]{36}/);
    expect(run.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);
    expect(run.code).toBe(10);
  });

  it('writes the open findings of a scan as a SARIF log valid against the SARIF 2.1.0 schema, as the CI page describes it', async () => {
    const run = await runCli(['scans', 'wait', TARGET, SCAN, '--output', 'sarif'], {env: atSandbox()});
    expect(run.code).toBe(0);
    const log = JSON.parse(run.stdout) as SarifLog;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(codeScanningProblems(log)).toEqual([]);
    expect(log.runs[0].automationDetails.id).toBe(`${cliName}/${TARGET}/full/${SCAN}`);
    // One result per open finding of the seeded example scan, the critical one first.
    expect(log.runs[0].results).toHaveLength(SEEDED_FINDINGS);
    expect(log.runs[0].results[0]).toEqual(
      expect.objectContaining({level: 'error', partialFingerprints: {[`${cliName}FindingId/v1`]: '9d2b4f6a-8c1e-4b3d-a5f7-6e8c0a2b4d19'}}),
    );
    expect(log.runs[0].tool.driver.rules[0].properties?.['security-severity']).toBe('9.5');
  });

  it("lays out a finding's evidence with its marked parts and its issues, as the description's example shows", async () => {
    const run = await runCli(['findings', 'get', TARGET, FINDING], {env: atSandbox()});
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(
      lines.slice(
        lines.indexOf(lines.find((line) => line.startsWith('Evidence 1'))!),
        lines.findIndex((line) => line.startsWith('Labels')),
      ),
    ).toEqual([
      'Evidence 1     The single quote in `sort` breaks the SQL query: the database error reaches the response.',
      '               GET https://shop.example.com/api/orders?sort=created_at>>>%27<<<',
      `               500 {"error":"ERROR: >>>unterminated quoted string at or near<<< \\"' LIMIT 50\\""}`,
      'Evidence 2     An SQL expression in `sort` is evaluated by the database: a division by zero fails the query.',
      '               GET https://shop.example.com/api/orders?sort=>>>(SELECT%201%2F0)<<<',
      '               500 {"error":"ERROR: >>>division by zero<<<"}',
    ]);
    expect(lines).toContain('Issues         SEC-142 (jira_cloud) https://example.atlassian.net/browse/SEC-142');
  });

  it("saves a scan's report under the name the sandbox gives it, as the contract's example", async () => {
    const home = freshHome();
    const run = await runCli(['scans', 'report', TARGET, SCAN], {env: atSandbox(), home});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^Saved the technical report to technical-2026-10-01\.pdf \(\d+ KB\)\.\n$/);
    expect(fs.existsSync(path.join(home, 'technical-2026-10-01.pdf'))).toBe(true);
  });

  it('shows a scan with its warnings, and a finding with its history with --log', async () => {
    const [scan, finding, plain] = await Promise.all([
      runCli(['scans', 'get', TARGET, SCAN, '--output', 'json'], {env: atSandbox()}),
      runCli(['findings', 'get', TARGET, FINDING, '--log', '--output', 'json'], {env: atSandbox()}),
      runCli(['findings', 'get', TARGET, FINDING, '--output', 'json'], {env: atSandbox()}),
    ]);
    expect([scan.code, finding.code, plain.code], `${scan.stderr}${finding.stderr}`).toEqual([0, 0, 0]);
    expect(JSON.parse(scan.stdout)).toMatchObject({id: SCAN, warnings: [expect.objectContaining({code: expect.any(String), message: expect.any(String)})]});
    expect(JSON.parse(finding.stdout)).toMatchObject({id: FINDING, log: [expect.any(Object)]});
    expect(JSON.parse(plain.stdout)).not.toHaveProperty('log');
  });

  it("uploads an API target's schema file as the contract's multipart body, or has the scanner fetch its URL, never both", async () => {
    const home = freshHome();
    fs.writeFileSync(path.join(home, 'openapi.yaml'), 'openapi: 3.0.3\ninfo: {title: Shop, version: 1.0.0}\npaths: {}\n');
    const [file, url, both, neither] = await Promise.all([
      runCli(['targets', 'upload-schema', TARGET, '--file', 'openapi.yaml', '-o', 'json'], {env: atSandbox(), home}),
      runCli(['targets', 'upload-schema', TARGET, '--url', 'https://api.shop.example.com/openapi.json', '-o', 'json'], {env: atSandbox(), home}),
      runCli(['targets', 'upload-schema', TARGET, '--file', 'openapi.yaml', '--url', 'https://api.shop.example.com/openapi.json'], {env: atSandbox(), home}),
      runCli(['targets', 'upload-schema', TARGET], {env: atSandbox(), home}),
    ]);
    expect([file.code, url.code, both.code, neither.code], `${file.stderr}${url.stderr}`).toEqual([0, 0, 2, 2]);
    expect(JSON.parse(file.stdout)).toMatchObject({format: expect.any(String), operations_count: expect.any(Number)});
    expect(both.stderr).toMatch(/exactly one of --file and --url/);
  });

  it("sets an API target's login from a login request, and checks it", async () => {
    const home = freshHome();
    fs.writeFileSync(path.join(home, 'login.json'), '{"client_id": "scanner", "client_secret": "s3cret"}');
    const args = ['--login-url', 'https://api.shop.example.com/oauth/token', '--login-body-file', 'login.json', '--token-path', 'access_token'];
    const run = await runCli(['targets', 'set-api-login', TARGET, ...args, '--token-lifetime', '3600', '--check', '-o', 'json'], {env: atSandbox(), home});
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({check: {succeeded: true, token_found: true}});
  });

  it('writes findings list as SARIF too, and gates it with --fail-on', async () => {
    const run = await runCli(['findings', 'list', '--target', TARGET, '--state', 'open', '--output', 'sarif', '--fail-on', 'high'], {env: atSandbox()});
    expect(run.code).toBe(10);
    expect(sarifSchemaErrors(JSON.parse(run.stdout))).toEqual([]);
  });

  it('writes the gate as a well-formed JUnit report: the coverage and each finding, failed at --fail-on', async () => {
    const run = await runCli(['scans', 'wait', TARGET, SCAN, '--fail-on', 'high', '--output', 'junit'], {env: atSandbox()});
    expect(run.code).toBe(10);
    expect(XMLValidator.validate(run.stdout)).toBe(true);
    const report = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
    }).parse(run.stdout);
    const suite = report.testsuites.testsuite[0];
    // The coverage, then each open finding; critical and high fail at --fail-on high.
    expect(suite).toMatchObject({name: 'Checkout web app', tests: String(SEEDED_FINDINGS + 1), failures: '2', errors: '0', time: '6378'});
    expect(suite.properties.property).toEqual([
      {name: 'target_id', value: TARGET},
      {name: 'scan_id', value: SCAN},
      {name: 'fail_on', value: 'high'},
    ]);
    expect(suite.testcase.map((testcase: {classname: string; failure?: unknown}) => [testcase.classname, Boolean(testcase.failure)]).slice(0, 3)).toEqual([
      [`${cliName}.coverage`, false],
      [`${cliName}.findings.critical`, true],
      [`${cliName}.findings.high`, true],
    ]);
  });
});

describe('the configuration file', () => {
  const write = (home: string, content: unknown) => {
    const file = path.join(home, '.config', cliName, 'config.yaml');
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(file, stringify(content));
    return file;
  };
  const whoami = async (args: string[], env: Record<string, string>, home: string) => {
    const run = await runCli(['whoami', '--output', 'json', ...args], {env, home});
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as {key_source: string; key_prefix: string; api_url: string; profile: string};
  };

  it('takes each setting from the option, else the environment, else the profile, else the default profile', async () => {
    const home = freshHome();
    write(home, {api_key: 'a.b.defaultK', api_url: sandbox.url, profiles: {ci: {api_key: 'a.b.profileK'}}});
    const env = {[`${ENV}_API_KEY`]: 'a.b.environK'};
    const [fromDefault, fromProfile, fromEnv, fromOption] = await Promise.all([
      whoami([], {}, home),
      whoami(['--profile', 'ci'], {}, home),
      whoami([], {...env, [`${ENV}_PROFILE`]: 'ci'}, home),
      whoami(['--api-key', 'a.b.optionKe', '--profile', 'ci'], env, home),
    ]);
    expect(fromDefault).toMatchObject({key_source: 'config', key_prefix: 'defaultK', profile: 'default', api_url: sandbox.url});
    // The profile leaves api_url out: it comes from the default profile.
    expect(fromProfile).toMatchObject({key_source: 'config', key_prefix: 'profileK', profile: 'ci', api_url: sandbox.url});
    expect(fromEnv).toMatchObject({key_source: 'env', key_prefix: 'environK', profile: 'ci'});
    expect(fromOption).toMatchObject({key_source: 'option', key_prefix: 'optionKe'});
  });

  it('is read from XDG_CONFIG_HOME, or the file --config names, which must exist', async () => {
    const home = freshHome();
    const file = write(home, {api_key: 'a.b.xdgKey00', api_url: sandbox.url});
    expect(await whoami([], {XDG_CONFIG_HOME: path.join(home, '.config')}, freshHome())).toMatchObject({key_prefix: 'xdgKey00'});
    expect(await whoami(['--config', file], {}, freshHome())).toMatchObject({key_prefix: 'xdgKey00'});
    expect(await whoami([], {[`${ENV}_CONFIG`]: file}, freshHome())).toMatchObject({key_prefix: 'xdgKey00'});
    const missing = await runCli(['targets', 'list', '--config', path.join(home, 'none.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/none\.yaml does not exist/);
  });

  it('is written by configure into a profile, readable only by its owner, keeping the other profiles, the key from standard input and never printed', async () => {
    const home = freshHome();
    const file = write(home, {api_key: 'a.b.defaultK', profiles: {'read-only': {api_key: 'a.b.readOnly'}}});
    fs.chmodSync(file, 0o644);
    const run = await runCli(['configure', '--profile', 'payments-ci', '--key-stdin', '--output', 'json', '--no-input'], {home, input: 'a.b.ciSecret99\n'});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`Saved the profile "payments-ci" to ${file}.\n`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const fresh = freshHome();
    const created = await runCli(['configure', '--api-key', 'a.b.newKey00', '--no-input'], {home: fresh});
    expect(created.code).toBe(0);
    expect(fs.statSync(path.join(fresh, '.config', cliName, 'config.yaml')).mode & 0o777).toBe(0o600);
    const profiles = await Promise.all(['payments-ci', 'read-only'].map((profile) => whoami(['--profile', profile, '--api-url', sandbox.url], {}, home)));
    expect(profiles.map((profile) => profile.key_prefix)).toEqual(['ciSecret', 'readOnly']);
    const saved = await runCli(['targets', 'list', '--profile', 'payments-ci', '--api-url', sandbox.url], {home});
    // The profile's saved output format applies.
    expect(JSON.parse(saved.stdout)).toEqual([expect.objectContaining({id: TARGET}), expect.objectContaining({id: API_TARGET})]);
    const withoutKey = await runCli(['configure', '--no-input'], {home: freshHome()});
    expect(withoutKey.code).toBe(2);
  });
});

describe('against a stub API', () => {
  const target = (index: number) => ({id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, name: `Target ${index}`});

  it('reads every page of a list, and stops at --limit', async () => {
    stub.answer = (request, response) => {
      const page = Number(request.url.searchParams.get('page'));
      const length = Number(request.url.searchParams.get('length'));
      const all = Array.from({length: 5}, (_, index) => target(index));
      // Two items a page whatever the length asked, as a server may cap it.
      json(response, 200, {count: 5, page_total: 3, page, length, results: all.slice((page - 1) * 2, page * 2)});
      void length;
    };
    const run = await runCli(['targets', 'list', '--output', 'json'], {env: atStub()});
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).map((item: {name: string}) => item.name)).toEqual(['Target 0', 'Target 1', 'Target 2', 'Target 3', 'Target 4']);
    expect(stub.requests.map((request) => request.url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(stub.requests[0].authorization).toBe(`JWT ${KEY}`);
    stub.requests.length = 0;
    const limited = await runCli(['targets', 'list', '--limit', '3', '--quiet'], {env: atStub()});
    expect(limited.stdout.trim().split('\n')).toEqual([target(0).id, target(1).id, target(2).id]);
    expect(stub.requests.map((request) => [request.url.searchParams.get('page'), request.url.searchParams.get('length')])).toEqual([
      ['1', '3'],
      ['2', '1'],
    ]);
  });

  it("creates a target named after its URL's host and without labels when neither is given, as the API requires both", async () => {
    stub.answer = (_request, response) => json(response, 201, target(1));
    const run = await runCli(['targets', 'create', '--type', 'api', '--url', 'https://api.shop.example.com/v2', '--team', TARGET, '--quiet'], {env: atStub()});
    expect(run.code, run.stderr).toBe(0);
    expect(stub.requests.at(-1)?.body).toEqual({
      type: 'api',
      url: 'https://api.shop.example.com/v2',
      team_id: TARGET,
      name: 'api.shop.example.com',
      labels: [],
    });
    await runCli(['targets', 'create', '--type', 'api', '--url', 'https://api.shop.example.com', '--team', TARGET, '--name', 'Shop API', '--label', 'pci'], {
      env: atStub(),
    });
    expect(stub.requests.at(-1)?.body).toMatchObject({name: 'Shop API', labels: ['pci']});
  });

  it('waits Retry-After after each 429 and exits 6 after 5 attempts', async () => {
    stub.answer = (_request, response) => json(response, 429, {code: 'rate_limited', message: 'Too many requests.'}, {'Retry-After': '0'});
    const run = await runCli(['targets', 'get', TARGET, '--verbose'], {env: atStub()});
    expect(run.code).toBe(6);
    expect(stub.requests).toHaveLength(5);
    expect(run.stderr).toMatch(/answered 429 after 5 attempts: Too many requests\. \(rate_limited\)/);
    expect(run.stderr).toMatch(/Waiting 0\.0 s after 429 before trying again\./);
  });

  it('retries a 5xx answer with backoff and succeeds when the API recovers', async () => {
    stub.answer = (_request, response) => (stub.requests.length < 3 ? json(response, 502, {message: 'Bad gateway'}) : json(response, 200, target(7)));
    const run = await runCli(['targets', 'get', TARGET, '--output', 'json'], {env: atStub()});
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(target(7));
    expect(stub.requests).toHaveLength(3);
  });

  it('exits 7 when --timeout runs out before the API answers', async () => {
    stub.answer = (_request, response) => setTimeout(() => json(response, 200, target(1)), 20_000).unref();
    const run = await runCli(['targets', 'get', TARGET, '--timeout', '1s'], {env: atStub()});
    expect(run.code).toBe(7);
    expect(run.stderr).toMatch(/The time limit of --timeout \(1s\) ran out/);
  });

  it.each([
    [401, 3],
    [403, 3],
    [404, 4],
    [409, 5],
    [400, 1],
  ])('exits with the code of the table for a %i answer', async (status, code) => {
    stub.answer = (_request, response) => json(response, status, {code: 'some_error', message: `Status ${status}.`});
    const run = await runCli(['scans', 'pause', TARGET, SCAN], {env: atStub()});
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(`Status ${status}. (some_error)`);
    // A POST is never sent twice: the API may have carried it out.
    expect(stub.requests).toHaveLength(1);
  });

  it('sends one request per value of a repeated option whose parameter takes one, and merges the answers', async () => {
    stub.answer = (request, response) => {
      const severity = request.url.searchParams.get('severity');
      json(response, 200, {count: 1, page_total: 1, page: 1, length: 100, results: [{...target(severity === 'high' ? 1 : 2), severity}]});
    };
    const run = await runCli(['findings', 'list', '--target', TARGET, '--severity', 'high', '--severity', 'critical', '--output', 'json'], {env: atStub()});
    expect(run.code, run.stderr).toBe(0);
    expect(stub.requests.map((request) => `${request.url.pathname}?${request.url.searchParams.get('severity')}`)).toEqual([
      `/api/v1/targets/${TARGET}/findings/?high`,
      `/api/v1/targets/${TARGET}/findings/?critical`,
    ]);
    expect(JSON.parse(run.stdout).map((item: {severity: string}) => item.severity)).toEqual(['high', 'critical']);
  });

  it('edits a list field with --add-label and --remove-label from its current value, and refuses them beside --label', async () => {
    stub.answer = (request, response) =>
      json(response, 200, {...target(1), labels: request.method === 'GET' ? ['pci', 'staging'] : (request.body as {labels: string[]}).labels});
    const run = await runCli(['targets', 'update', TARGET, '--add-label', 'production', '--remove-label', 'staging', '--output', 'json'], {env: atStub()});
    expect(run.code, run.stderr).toBe(0);
    expect(stub.requests.map((request) => [request.method, request.body])).toEqual([
      ['GET', undefined],
      ['PATCH', {labels: ['pci', 'production']}],
    ]);
    expect(JSON.parse(run.stdout).labels).toEqual(['pci', 'production']);
    stub.requests.length = 0;
    const both = await runCli(['targets', 'update', TARGET, '--label', 'pci', '--add-label', 'production'], {env: atStub()});
    expect(both.code).toBe(2);
    expect(stub.requests).toEqual([]);
  });

  it('moves a target to another team with move_team, its other changes going through the update first', async () => {
    const TEAM = '5c2d7e9f-1a3b-4c5d-8e6f-7a8b9c0d1e2f';
    stub.answer = (request, response) =>
      json(response, 200, {...target(1), ...(request.url.pathname.endsWith('/move_team/') ? {team: {id: TEAM, name: 'Shop'}} : {})});
    const moved = await runCli(['targets', 'update', TARGET, '--team', TEAM, '--quiet'], {env: atStub()});
    expect(moved.code, moved.stderr).toBe(0);
    expect(stub.requests.map((request) => [request.method, request.url.pathname, request.body])).toEqual([
      ['POST', `/api/v1/targets/${TARGET}/move_team/`, {team_id: TEAM}],
    ]);
    stub.requests.length = 0;
    const both = await runCli(['targets', 'update', TARGET, '--name', 'Checkout', '--team', TEAM, '--output', 'json'], {env: atStub()});
    expect(both.code, both.stderr).toBe(0);
    expect(stub.requests.map((request) => [request.method, request.url.pathname, request.body])).toEqual([
      ['PATCH', `/api/v1/targets/${TARGET}/`, {name: 'Checkout'}],
      ['POST', `/api/v1/targets/${TARGET}/move_team/`, {team_id: TEAM}],
    ]);
    // The target as it ends: moved.
    expect(JSON.parse(both.stdout).team.id).toBe(TEAM);
  });

  it('asks for a report over every target with an empty target_ids when no --target is given, as the contract reads it', async () => {
    stub.answer = (_request, response) => json(response, 201, {id: SCAN, status: 'queued'});
    const [every, one] = [
      await runCli(['reports', 'generate', '--format', 'csv', '--min-severity', 'high', '--quiet'], {env: atStub()}),
      await runCli(['reports', 'generate', '--target', TARGET, '--quiet'], {env: atStub()}),
    ];
    expect([every.code, one.code], `${every.stderr}${one.stderr}`).toEqual([0, 0]);
    expect(stub.requests.map((request) => request.body)).toEqual([
      {report_type: 'technical', format: 'csv', target_ids: [], min_severity: 'high'},
      {report_type: 'technical', format: 'pdf', target_ids: [TARGET]},
    ]);
  });

  it('saves a report the API answers as a file under the name it gives, or to --file, or to standard output with -', async () => {
    stub.answer = (request, response) =>
      response
        .writeHead(200, {
          'Content-Type': request.url.searchParams.get('format') === 'csv' ? 'text/csv' : 'application/pdf',
          'Content-Disposition': 'attachment; filename="technical-2026-10-01.pdf"',
        })
        .end('%PDF-1.7 report');
    const home = freshHome();
    const named = await runCli(['scans', 'report', TARGET, SCAN, '--output', 'json'], {env: atStub(), home});
    expect(named.code, named.stderr).toBe(0);
    expect(fs.readFileSync(path.join(home, 'technical-2026-10-01.pdf'), 'utf8')).toBe('%PDF-1.7 report');
    expect(JSON.parse(named.stdout)).toEqual({path: 'technical-2026-10-01.pdf', size_bytes: 15});
    // The description's defaults of --type and --format are sent as if given.
    expect(Object.fromEntries(stub.requests[0].url.searchParams)).toEqual({report_type: 'technical', format: 'pdf'});
    expect(named.stderr).toBe('Saved the technical report to technical-2026-10-01.pdf (1 KB).\n');
    const chosen = await runCli(['scans', 'report', TARGET, SCAN, '--format', 'csv', '--file', 'reports.csv', '--quiet'], {env: atStub(), home});
    expect(chosen.stdout).toBe('reports.csv\n');
    expect(fs.existsSync(path.join(home, 'reports.csv'))).toBe(true);
    expect(stub.requests.at(-1)?.url.searchParams.get('format')).toBe('csv');
    const piped = await runCli(['scans', 'report', TARGET, SCAN, '--file', '-'], {env: atStub(), home});
    expect(piped.stdout).toBe('%PDF-1.7 report');
  });

  it('waits for a report, printing each change, and downloads it when ready; a failed one exits 1, an expired one 5', async () => {
    const REPORT = '6f8a0c2e-4b6d-4f8a-ac1e-3b5d7f9a1c42';
    let statuses = ['queued', 'generating', 'ready'];
    stub.answer = (request, response) => {
      if (request.url.pathname === '/api/v1/reports/') json(response, 201, {id: REPORT, report_type: 'technical', status: 'queued'});
      else if (request.url.pathname.endsWith('/status/'))
        json(response, 200, {id: REPORT, status: statuses.shift(), progress: 50, detail: 'The period holds no scan.'});
      else response.writeHead(200, {'Content-Type': 'application/pdf'}).end('%PDF-1.7 report');
    };
    const home = freshHome();
    const run = await runCli(['reports', 'generate', '--target', TARGET, '--wait', '--interval', '1s', '--file', 'september.pdf'], {env: atStub(), home});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /Asked for the report 6f8a0c2e[^\n]*\n\d\d:\d\d:\d\d {2}queued\n\d\d:\d\d:\d\d {2}generating {2}50%\n\d\d:\d\d:\d\d {2}ready\nSaved the technical report to september\.pdf/,
    );
    expect(fs.readFileSync(path.join(home, 'september.pdf'), 'utf8')).toBe('%PDF-1.7 report');
    expect(stub.requests[0].body).toEqual({report_type: 'technical', format: 'pdf', target_ids: [TARGET]});
    statuses = ['failed'];
    const failed = await runCli(['reports', 'wait', REPORT], {env: atStub(), home});
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/generation failed: The period holds no scan\./);
    statuses = ['expired'];
    expect((await runCli(['reports', 'wait', REPORT], {env: atStub(), home})).code).toBe(5);
  });

  it("sends a fixed token read from standard input as the API target's static_token login", async () => {
    stub.answer = (_request, response) => json(response, 200, {method: 'static_token'});
    const run = await runCli(['targets', 'set-api-login', TARGET, '--token-stdin', '--header-name', 'X-Api-Key', '--header-prefix', '', '--quiet'], {
      env: atStub(),
      input: 'shop-token-42\n',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(stub.requests.map((request) => [request.method, request.body])).toEqual([
      [
        'PUT',
        {
          method: 'static_token',
          token: 'shop-token-42',
          header_name: 'X-Api-Key',
          header_prefix: '',
          login_request_method: 'POST',
          login_content_type: 'application/json',
          token_source: 'response_body',
        },
      ],
    ]);
  });

  it('re-tests several findings in one bulk request and, with --wait, exits 10 when one is still open', async () => {
    const [open, fixed, refused] = [1, 2, 3].map((index) => target(index).id);
    stub.answer = (request, response) => {
      if (request.url.pathname === '/api/v1/findings/bulk_retest/')
        json(response, 200, {succeeded: [open, fixed], failed: [{id: refused, detail: 'A re-test of this finding is already running.'}]});
      else json(response, 200, {id: 'x', retest_status: request.url.pathname.includes(open) ? 'still_open' : 'fixed'});
    };
    const run = await runCli(['findings', 'retest', TARGET, open, fixed, refused, '--wait', '--output', 'json'], {env: atStub()});
    expect(run.code, run.stderr).toBe(10);
    expect(stub.requests[0].body).toEqual({ids: [open, fixed, refused]});
    expect(run.stderr).toMatch(new RegExp(`Not re-tested: ${refused}: A re-test of this finding is already running\\.`));
    expect(run.stderr).toMatch(/1 of 2 re-tests found the vulnerability still open\./);
    expect(JSON.parse(run.stdout)).toEqual([
      {id: open, retest_status: 'still_open'},
      {id: fixed, retest_status: 'fixed'},
    ]);
  });

  it('sends a JSON body only to an operation that takes one, empty when no value goes in it', async () => {
    stub.answer = (_request, response) => json(response, 201, {id: SCAN, status: 'queued'});
    const [retest, start] = [
      await runCli(['findings', 'retest', TARGET, SCAN], {env: atStub()}),
      await runCli(['scans', 'start', TARGET, '--quiet'], {env: atStub()}),
    ];
    expect([retest.code, start.code]).toEqual([0, 0]);
    expect(stub.requests.map((request) => [request.method, request.url.pathname, request.body])).toEqual([
      ['POST', `/api/v1/targets/${TARGET}/findings/${SCAN}/retest/`, undefined],
      ['POST', `/api/v1/targets/${TARGET}/scans/`, {}],
    ]);
  });

  it('exits 11 on a completed scan with incomplete coverage, printing the gaps, unless --allow-incomplete-coverage; 1 on a failed scan', async () => {
    const scan = (status: string, complete: boolean) => ({
      id: SCAN,
      target: {id: TARGET, name: 'Checkout web app'},
      status,
      progress: 100,
      reduced_scope: null,
      coverage: {complete, gaps: complete ? [] : ['login_failed'], duration_seconds: 60},
      failure_reason: status === 'failed' ? 'The target stopped answering.' : null,
    });
    let status = 'completed';
    stub.answer = (request, response) =>
      request.url.pathname.includes('/warnings/')
        ? json(response, 200, {count: 1, page_total: 1, page: 1, length: 100, results: [{code: 'login_failed', message: 'The login form answered 401.'}]})
        : json(response, 200, scan(status, false));
    const incomplete = await runCli(['scans', 'wait', TARGET, SCAN, '--quiet'], {env: atStub()});
    expect(incomplete.code).toBe(11);
    expect(incomplete.stderr).toMatch(/did not cover the whole target: login_failed\.\n {2}login_failed {2}The login form answered 401\./);
    const allowed = await runCli(['scans', 'wait', TARGET, SCAN, '--quiet', '--allow-incomplete-coverage'], {env: atStub()});
    expect(allowed.code).toBe(0);
    status = 'failed';
    const failed = await runCli(['scans', 'wait', TARGET, SCAN, '--quiet'], {env: atStub()});
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/The scan ended failed: The target stopped answering\./);
  });
});
