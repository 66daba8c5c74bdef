/**
 * How the engine the modal, the search page and the MCP search tool share
 * ranks sections: each rule on a small fixture where, without the rule, another
 * page would come first.
 */
import {describe, expect, it} from 'vitest';
import {buildSearchIndex} from '../../src/shared/search/build-index';
import type {IndexedRecord, PageOperation} from '../../src/shared/search/index-file';
import {loadSearchIndex} from '../../src/shared/search/load-index';
import {stemOf} from '../../src/shared/search/words';

const section = (url: string, title: string, heading: string | null, content: string): IndexedRecord => ({
  type: 'content',
  hierarchy: {lvl0: 'API', lvl1: title, lvl2: heading, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
  content,
  url,
  language: 'en',
  docusaurus_tag: 'docs',
});

/** The pages of the hits for a query over records, best first, each once. */
function pagesFor(records: IndexedRecord[], operations = new Map<string, PageOperation>()) {
  const {file, shards} = buildSearchIndex(records, (kind, shard) => `${kind}-${shard}`, {operations});
  const index = loadSearchIndex(file, async (shard) => JSON.parse(shards.get(shard)!));
  return async (query: string) => {
    await index.load(query);
    return [...new Set(index.search(query).map(({section: found}) => index.placeOf(found).url.split('#')[0]))];
  };
}

describe('search ranking', () => {
  it('ranks the pages about a whole resource ("Webhooks API", "List webhooks") above one action on it for a query naming the resource', async () => {
    const pages = pagesFor([
      section('/retrieve', 'Retrieve a webhook', null, 'Returns the webhook: the webhook as stored.'),
      section('/delete', 'Delete a webhook', null, 'Deletes the webhook for good.'),
      section('/webhooks-api', 'Webhooks API', null, 'Operations on each webhook of the account.'),
      section('/list', 'List webhooks', null, 'Returns a page of webhooks, newest first.'),
    ]);
    expect((await pages('webhooks')).slice(0, 2).sort()).toEqual(['/list', '/webhooks-api']);
    expect((await pages('delete webhook'))[0]).toBe('/delete');
  });

  it('counts a word once, not once per identifier it begins ("finding" and `finding.id`, `finding.url`, …)', async () => {
    const pages = pagesFor([
      section('/retest', 'Re-test a finding', null, 'Starts a retest of the finding.'),
      section(
        '/events',
        'Webhook events',
        null,
        `Sent when a retest ends, with the finding: ${['id', 'url', 'state', 'target', 'severity', 'cvss', 'labels', 'method', 'parameter', 'evidence', 'comment', 'issues', 'fingerprint', 'fixed_at', 'cwe_id'].map((field) => `finding.${field}`).join(' ')}`,
      ),
    ]);
    expect((await pages('retest finding'))[0]).toBe('/retest');
    expect(await pages('finding.url')).toEqual(['/events']);
  });

  it('reads two words joined by a hyphen also as one: "retest" names the page titled "Re-test a finding"', async () => {
    const pages = pagesFor([
      section('/catalogue', 'Permissions', null, 'Each permission allows some operations: retest, list, update, each on a finding or a scan.'),
      section('/retest', 'Re-test a finding', null, 'Starts a new scan of the finding.'),
    ]);
    expect((await pages('retest finding'))[0]).toBe('/retest');
    expect(await pages('re-test')).toContain('/retest');
  });

  it('leaves out the words of a question that carry no meaning ("which", "from", "your")', async () => {
    const pages = pagesFor([
      section('/cli', 'Scans in the CLI', null, 'Start and stop scans in a terminal.'),
      section('/api', 'Scans API', null, 'Operations on scans.'),
    ]);
    expect((await pages('stop scans from your cli'))[0]).toBe('/cli');
  });

  it('leaves out quantifiers and a verb of looking ("some", "any", "see"), which pages use in passing', async () => {
    const pages = pagesFor([
      section('/guide', 'Guide', null, 'See the changelog for what changed in some release; any key may restrict some targets.'),
      section('/policy', 'Restrict a key to chosen targets', null, 'A policy limits what a key reaches.'),
      section('/changelog', 'Changelog', null, 'What changed in each release.'),
    ]);
    expect((await pages('see what changed'))[0]).toBe('/changelog');
    expect((await pages('restrict a key to some targets'))[0]).toBe('/policy');
    expect((await pages('restrict a key to any target'))[0]).toBe('/policy');
  });

  it('ranks the section that defines an identifier (a record that begins with it) above one that mentions it', async () => {
    const pages = pagesFor([
      section('/members', "List a team's members", null, 'GET /teams/{team_id}/members/'),
      section('/create', 'Create a target', null, 'Creates a target in a team, and returns it with its identifier and its team.'),
      section('/create', 'Create a target', null, 'team_id: Identifier of the team the target belongs to.'),
    ]);
    expect((await pages('team_id'))[0]).toBe('/create');
  });

  it('ranks an operation page that defines an identifier under its template\'s heading ("Body") above a page that mentions it, unless most pages define it', async () => {
    // Every operation page lists its response headers, and a few take a body: headings of more than 5% of the pages, a template's.
    const operation = (url: string, title: string, field?: string) => [
      section(url, title, null, `${title}.`),
      ...(field === undefined ? [] : [section(url, title, 'Body', `${field}: What the operation takes.`)]),
      section(url, title, 'Response headers', 'Retry-After: Seconds to wait before the next request.'),
    ];
    const pages = pagesFor([
      ...Array.from({length: 20}, (_, n) => operation(`/operation-${n}`, `Operation ${n}`)).flat(),
      section('/concept', 'Targets', 'Teams', 'A target belongs to a team: give its team_id when you create it.'),
      section('/limits', 'Rate limits', 'Retry after a 429', 'Over the limit, wait for Retry-After seconds.'),
      ...operation('/create-target', 'Create a target', 'team_id'),
      ...operation('/start-scan', 'Start a scan', 'scan_profile_id'),
      ...operation('/add-domain', 'Add a domain', 'include_subdomains'),
    ]);
    expect((await pages('team_id'))[0]).toBe('/create-target');
    expect((await pages('Retry-After'))[0]).toBe('/limits');
  });

  it('matches a command-line option whole, with or without its dashes when it has parts: "--wait", "fail-on"', async () => {
    const pages = pagesFor([
      section('/guide', 'Wait for a scan', null, 'Wait for the scan to end: wait, read its status, and wait again; the build can fail on findings.'),
      section('/scans', 'vigil scans', null, 'Starts a scan.'),
      section('/scans', 'vigil scans', null, '--wait Waits until the scan ends.'),
      section('/scans', 'vigil scans', null, '--fail-on <severity> Exits with code 10 when open findings have this severity.'),
    ]);
    expect((await pages('--wait'))[0]).toBe('/scans');
    expect((await pages('fail-on'))[0]).toBe('/scans');
  });

  it('takes a misspelt word as naming the title it names despite the typo: "schedulde scans" is "Schedule recurring scans"', async () => {
    const pages = pagesFor([
      section('/scans', 'Scans', null, 'A scan runs now or on a schedule; each schedule starts scans, and a schedule can be paused.'),
      section('/schedule', 'Schedule recurring scans', null, 'Create a recurring run.'),
    ]);
    expect((await pages('schedulde scans'))[0]).toBe('/schedule');
  });

  it('weighs down a heading that is only a status line ("401 Unauthorized"), not a guide heading that goes on past it', async () => {
    const pages = pagesFor([
      section('/keys', 'Keys', null, 'Authentication: send the key with each request; credentials that were not provided answer 401.'),
      section('/operation', 'Retrieve a key', '401 Unauthorized', 'Authentication credentials were not provided.'),
      section('/guide', 'Authentication', '401 Unauthorized: the key is not accepted', 'Authentication credentials were not provided.'),
    ]);
    const found = await pages('authentication credentials were not provided');
    expect(found[0]).toBe('/guide');
    expect(found.indexOf('/keys')).toBeLessThan(found.indexOf('/operation'));
  });

  it('ranks a page about most of the query above a section that says every word of it in passing', async () => {
    const pages = pagesFor([
      section('/catalogue', 'Permissions', 'targets.manage', "Add a target: POST /targets/. Set a target's basic auth: PUT /targets/{id}/basic_auth/."),
      section('/basic-auth', "Set a target's basic auth", null, 'Sets the user name and password of basic auth the scanner sends to the target.'),
    ]);
    expect(await pages('add basic auth to a target')).toEqual(['/basic-auth', '/catalogue']);
  });

  it('reads an operation page as named by its method and path too: "dashboards risk trend" is "Get the risk trend", GET /api/v1/dashboards/risk_trend/', async () => {
    const records = [
      section('/findings', 'Findings', 'Risk trend dashboards', 'The dashboards show how the risk of the findings goes.'),
      // The line an operation page opens with: the page's operation from the contract names it, not this text.
      section('/risk-trend', 'Get the risk trend', null, 'GET https://api.example /api/v1/dashboards/risk_trend/'),
      section('/risk-trend', 'Get the risk trend', null, 'Returns the risk of each day.'),
      section('/targets', 'List targets', null, 'GET https://api.example /api/v1/targets/'),
      // Other pages, so that "Dashboards" is one page's heading, not a template's.
      ...Array.from({length: 20}, (_, at) => section(`/page-${at}`, `Page ${at}`, null, 'Other words.')),
    ];
    const operations = new Map([
      ['/risk-trend', {method: 'GET', path: '/api/v1/dashboards/risk_trend/'}],
      ['/targets', {method: 'GET', path: '/api/v1/targets/'}],
    ]);
    expect((await pagesFor(records, operations)('dashboards risk trend'))[0]).toBe('/risk-trend');
    expect((await pagesFor(records)('dashboards risk trend'))[0]).toBe('/findings');
  });

  it('counts a title word a misspelt word names in the share of the title the query names: "schedulde" names all of "Schedule"', async () => {
    const pages = pagesFor([
      section('/schedules-api', 'Schedules API', null, 'Create a recurring run on a schedule.'),
      section('/schedule', 'Schedule', null, 'Create a recurring run.'),
    ]);
    expect((await pages('schedulde'))[0]).toBe('/schedule');
    expect((await pages('schedule'))[0]).toBe('/schedule');
  });

  it('takes a word of the query as naming a title or heading that says it in another form of its stem: "logout detection" is "Detect logout settings"', async () => {
    const pages = pagesFor([
      section('/sequence', 'Configure a login sequence', null, 'Record the login; logout detection then keeps the session.'),
      section('/detect', "Detect a target's logout settings", null, 'Finds the button that logs out.'),
    ]);
    expect((await pages('logout detection'))[0]).toBe('/detect');
  });

  it('ranks a word as typed above another word of its stem, which it still finds', async () => {
    const pages = pagesFor([
      section('/detect', 'Detect logout', null, 'Finds the button that logs out.'),
      section('/detection', 'Detection rules', null, 'What the scanner looks for.'),
    ]);
    expect(await pages('detection')).toEqual(['/detection', '/detect']);
    expect(await pages('detect')).toEqual(['/detect', '/detection']);
  });

  it('leaves identifiers as written: a field is not found by a word of its stem, nor the word by the field', async () => {
    const pages = pagesFor([
      section('/field', 'Findings', null, 'detected_at: when the finding was first seen.'),
      section('/detect', 'Detect logout', null, 'Finds the button that logs out.'),
    ]);
    expect(await pages('detected_at')).toEqual(['/field']);
    expect(stemOf('detection')).toBe(stemOf('detect'));
    expect(stemOf('started_scanning')).toBe('started_scanning');
    expect(stemOf('--running')).toBe('--running');
  });

  it('matches a short word the reader has finished as that word, not as the beginning of a longer one: "all" is not "allowed"', async () => {
    const pages = pagesFor([
      section('/allowed', 'Allowed scans', null, 'Which scans a key may start.'),
      section('/bulk', 'Cancel scans in bulk', null, 'Cancels all of the scans named.'),
    ]);
    expect((await pages('all scans'))[0]).toBe('/bulk');
    // While it is being typed, the last word is still a beginning.
    expect(await pages('scans all')).toContain('/allowed');
  });
});
