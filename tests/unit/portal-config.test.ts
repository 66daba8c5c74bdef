import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  isLoopbackHost,
  isPublicSiteUrl,
  LOCAL_SANDBOX_URL,
  loadPortalConfig,
  portalDefaults,
  portalEnv,
  portalTokens,
  settingsTable,
  type PortalConfig,
} from '../../portal.config';
import {repoRoot} from '../../lib/paths';
import {contractServers} from '../../lib/contract/build';
import {sitePolicyInputs} from '../../lib/deploy/nginx-server';
import {contentSecurityPolicy} from '../../lib/deploy/security-headers';

describe('portal configuration', () => {
  it("is listed in the README's table exactly as the schema states it (variable, default, meaning)", () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    expect(readme, 'Update the table in README.md to settingsTable() of portal.config.ts').toContain(`${settingsTable()}\n`);
  });

  it('uses reserved .example defaults', () => {
    const config = loadPortalConfig({});
    expect(config.productName).toBe('Vigil');
    expect(config.cliName).toBe('vigil');
    for (const url of [config.productUrl, config.helpUrl, config.apiUrl, config.siteUrl]) {
      expect(new URL(url).hostname).toMatch(/\.example$/);
    }
    expect(config.baseUrl).toBe('/');
    expect(config.announcement.id).toBe(portalDefaults.announcementId);
  });

  it('takes every value from its environment variable', () => {
    const config = loadPortalConfig({
      [portalEnv.productName]: 'Acme Scan',
      [portalEnv.cliName]: 'acme-scan',
      [portalEnv.cliPackage]: '@acme/scan-cli@2.0.1',
      [portalEnv.productUrl]: 'https://acme.test/',
      [portalEnv.helpUrl]: 'https://help.acme.test',
      [portalEnv.apiUrl]: 'https://api.acme.test',
      [portalEnv.sandboxUrl]: 'http://127.0.0.1:9999',
      [portalEnv.siteUrl]: 'https://docs.acme.test',
      [portalEnv.baseUrl]: '/docs/',
      [portalEnv.tokenCookie]: 'acme_docs_token',
      [portalEnv.announcementId]: 'spring',
      [portalEnv.announcementText]: '',
      [portalEnv.searchAppId]: 'ACME42',
      [portalEnv.searchApiKey]: 'a1b2c3',
      [portalEnv.searchIndexName]: 'acme_docs',
      [portalEnv.databaseUrl]: 'postgres://portal:secret@db.acme.test:5432/portal',
      [portalEnv.databaseFile]: '/var/lib/portal/state.sqlite',
      [portalEnv.feedbackRetentionDays]: '90',
      [portalEnv.feedbackMaxRowsPerPage]: '50',
      [portalEnv.feedbackMaxRows]: '5000',
      [portalEnv.sandboxClockSpeed]: '30',
      [portalEnv.sandboxWebhooks]: 'off',
      [portalEnv.sandboxIdleHours]: '6',
      [portalEnv.sandboxClientAddress]: 'x-forwarded-for',
    });
    expect(config).toEqual({
      productName: 'Acme Scan',
      cliName: 'acme-scan',
      cliPackage: '@acme/scan-cli@2.0.1',
      productUrl: 'https://acme.test',
      helpUrl: 'https://help.acme.test',
      apiUrl: 'https://api.acme.test',
      sandboxUrl: 'http://127.0.0.1:9999',
      siteUrl: 'https://docs.acme.test',
      baseUrl: '/docs/',
      tokenCookie: 'acme_docs_token',
      announcement: {id: 'spring', text: ''},
      search: {appId: 'ACME42', apiKey: 'a1b2c3', indexName: 'acme_docs'},
      stateStore: {databaseUrl: 'postgres://portal:secret@db.acme.test:5432/portal', databaseFile: '/var/lib/portal/state.sqlite'},
      feedbackBounds: {retentionDays: 90, maxRowsPerPage: 50, maxRows: 5000},
      sandbox: {clockSpeed: 30, webhooks: 'off', idleHours: 6, clientAddress: 'x-forwarded-for'},
    });
    expect(portalTokens(config)).toMatchObject({
      product: 'Acme Scan',
      cli: 'acme-scan',
      envPrefix: 'ACME_SCAN',
      sandboxUrl: 'http://127.0.0.1:9999',
      cliPackage: '@acme/scan-cli@2.0.1',
    });
  });

  it("installs the CLI from the portal's own package unless PORTAL_CLI_PACKAGE names another, and refuses one with spaces", () => {
    const config = loadPortalConfig({[portalEnv.cliName]: 'acme-scan', [portalEnv.siteUrl]: 'https://docs.acme.test', [portalEnv.baseUrl]: '/docs/'});
    expect(portalTokens(config).cliPackage).toBe('https://docs.acme.test/docs/cli/acme-scan-cli.tgz');
    expect(() => loadPortalConfig({[portalEnv.cliPackage]: '@acme/cli; rm -rf ~'})).toThrow(
      /PORTAL_CLI_PACKAGE: an npm package spec or tarball URL, without spaces/,
    );
  });

  it("keeps the service's state in SQLite unless a PostgreSQL URL is given, and refuses bounds that are not whole numbers of at least 1", () => {
    expect(loadPortalConfig({}).stateStore).toEqual({databaseUrl: undefined, databaseFile: 'feedback/portal.sqlite'});
    expect(loadPortalConfig({[portalEnv.databaseUrl]: 'postgresql://db/portal'}).stateStore.databaseUrl).toBe('postgresql://db/portal');
    const problems = () =>
      loadPortalConfig({
        [portalEnv.databaseUrl]: 'mysql://db/portal',
        [portalEnv.feedbackRetentionDays]: '0',
        [portalEnv.feedbackMaxRowsPerPage]: '-5',
        [portalEnv.feedbackMaxRows]: '1e6',
      });
    expect(problems).toThrow(/PORTAL_DATABASE_URL: .*postgres:\/\/ or postgresql:\/\/ URL/);
    for (const variable of ['PORTAL_FEEDBACK_RETENTION_DAYS', 'PORTAL_FEEDBACK_MAX_ROWS_PER_PAGE', 'PORTAL_FEEDBACK_MAX_ROWS']) {
      expect(problems).toThrow(new RegExp(`${variable}: a whole number of at least 1`));
    }
  });

  it('names every bad variable in one error', () => {
    expect(() =>
      loadPortalConfig({
        [portalEnv.helpUrl]: 'not a url',
        [portalEnv.baseUrl]: 'docs',
        [portalEnv.cliName]: 'Bad Name',
        [portalEnv.announcementId]: ' ',
      }),
    ).toThrowError(/PORTAL_CLI_NAME[\s\S]*PORTAL_HELP_URL[\s\S]*PORTAL_BASE_URL[\s\S]*PORTAL_ANNOUNCEMENT_ID/);
  });

  it('searches the local index unless hosted search is configured', () => {
    expect(loadPortalConfig({}).search).toBeUndefined();
  });

  it('rejects a partial or malformed hosted search configuration', () => {
    expect(() => loadPortalConfig({[portalEnv.searchAppId]: 'ACME42'})).toThrowError(/PORTAL_SEARCH_API_KEY, PORTAL_SEARCH_INDEX_NAME/);
    expect(() => loadPortalConfig({[portalEnv.searchAppId]: 'ACME 42', [portalEnv.searchApiKey]: 'k', [portalEnv.searchIndexName]: 'docs'})).toThrowError(
      /PORTAL_SEARCH_APP_ID: letters and digits/,
    );
  });

  it('takes an announcement id of letters, digits, ".", "_" and "-" only, for it is written into an inline script', () => {
    expect(loadPortalConfig({[portalEnv.announcementId]: 'launch_2026.v-2'}).announcement.id).toBe('launch_2026.v-2');
    for (const id of ['</script><script>alert(1)</script>', 'a"b', "a'b", 'launch 2026', '', 'a<!--b']) {
      expect(() => loadPortalConfig({[portalEnv.announcementId]: id}), id).toThrowError(/PORTAL_ANNOUNCEMENT_ID: letters, digits, "\.", "_" and "-" only/);
    }
  });

  it('takes an announcement text of HTML without a script', () => {
    const text = 'Read the <a href="/api/quick-start">quick start</a>, <em>now</em>.';
    expect(loadPortalConfig({[portalEnv.announcementText]: text}).announcement.text).toBe(text);
    for (const bad of ['<script>alert(1)</script>', 'Hello <SCRIPT src="https://evil.example/x.js"></SCRIPT>', 'a <script\n>x']) {
      expect(() => loadPortalConfig({[portalEnv.announcementText]: bad}), bad).toThrowError(/PORTAL_ANNOUNCEMENT_TEXT: must not contain a <script> element/);
    }
  });

  it('is a local build by default, with the local sandbox', () => {
    const config = loadPortalConfig({});
    expect(isPublicSiteUrl(config.siteUrl)).toBe(false);
    expect(config.sandboxUrl).toBe(LOCAL_SANDBOX_URL);
  });

  it('counts a site as public unless it is on loopback or a reserved name', () => {
    const local = [
      'http://localhost:3000',
      'http://docs.localhost',
      'http://127.0.0.1:3000',
      'http://127.1',
      'http://[::1]:3000',
      'https://docs.vigil.example',
      'https://docs.acme.test',
      'https://x.invalid',
      'https://example.com',
      'https://docs.example.org',
      'https://example.net.',
      'https://docs.example',
    ];
    const published = ['https://docs.acme.com', 'https://developer.example.co.uk', 'https://docs.corp.internal', 'http://10.0.0.5', 'https://notexample.com'];
    expect(local.filter(isPublicSiteUrl)).toEqual([]);
    expect(published.filter((url) => !isPublicSiteUrl(url))).toEqual([]);
    for (const host of ['127.0.0.1', '127.9.9.9', 'localhost', 'a.localhost', '[::1]', '[::ffff:7f00:1]', '0.0.0.0'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['128.0.0.1', 'localhost.com', '[::2]', 'api.acme.com']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('refuses an http or loopback sandbox for a public site, naming the variables and what to set', () => {
    const site = {[portalEnv.siteUrl]: 'https://docs.acme.com'};
    const refused = (sandboxUrl: string) => () => loadPortalConfig({...site, [portalEnv.sandboxUrl]: sandboxUrl});
    expect(() => loadPortalConfig(site)).toThrowError(
      /PORTAL_SANDBOX_URL: http:\/\/127\.0\.0\.1:4010 cannot be the sandbox of a public site \(PORTAL_SITE_URL is https:\/\/docs\.acme\.com\): .*own machine\. Set PORTAL_SANDBOX_URL to the https URL of a hosted sandbox, or to '' for none/,
    );
    expect(refused('http://localhost:4010')).toThrowError(/own machine/);
    expect(refused('https://127.0.0.1:4010')).toThrowError(/own machine/);
    expect(refused('http://sandbox.acme.com')).toThrowError(/unencrypted/);
  });

  it('takes an https sandbox, or none, for a public site; no sandbox leaves pages the local one', () => {
    const site = {[portalEnv.siteUrl]: 'https://docs.acme.com'};
    expect(loadPortalConfig({...site, [portalEnv.sandboxUrl]: 'https://sandbox.acme.com/'}).sandboxUrl).toBe('https://sandbox.acme.com');
    const none = loadPortalConfig({...site, [portalEnv.sandboxUrl]: ''});
    expect(none.sandboxUrl).toBeUndefined();
    expect(portalTokens(none).sandboxUrl).toBe(LOCAL_SANDBOX_URL);
  });

  it('gives the contract and the CSP the sandbox only when there is one', () => {
    const emptyBuild = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-build-'));
    const connectSrc = (config: PortalConfig) => /connect-src ([^;]*)/.exec(contentSecurityPolicy(sitePolicyInputs(config, emptyBuild)))![1].split(' ');
    const site = {[portalEnv.siteUrl]: 'https://docs.acme.com', [portalEnv.apiUrl]: 'https://api.acme.com/v1'};
    const none = loadPortalConfig({...site, [portalEnv.sandboxUrl]: ''});
    expect(contractServers(none)).toEqual([{url: 'https://api.acme.com/v1', description: 'Production', 'x-internal': false}]);
    expect(connectSrc(none)).toEqual(["'self'", 'https://api.acme.com']);
    const hosted = loadPortalConfig({...site, [portalEnv.sandboxUrl]: 'https://sandbox.acme.com'});
    expect(contractServers(hosted).map((server) => server.url)).toEqual(['https://api.acme.com/v1', 'https://sandbox.acme.com']);
    expect(connectSrc(hosted)).toEqual(["'self'", 'https://api.acme.com', 'https://sandbox.acme.com']);
    expect(connectSrc(loadPortalConfig({}))).toEqual(["'self'", 'https://api.vigil.example', LOCAL_SANDBOX_URL]);
    fs.rmSync(emptyBuild, {recursive: true});
  });

  it('refuses a public search key that is the write key, which would reach every browser', () => {
    const hosted = {[portalEnv.searchAppId]: 'ACME42', [portalEnv.searchApiKey]: 'samekey', [portalEnv.searchIndexName]: 'docs'};
    expect(() => loadPortalConfig({...hosted, [portalEnv.searchAdminKey]: 'samekey'})).toThrowError(
      'PORTAL_SEARCH_API_KEY is the same key as PORTAL_SEARCH_ADMIN_KEY, the key that may write the index',
    );
    expect(loadPortalConfig({...hosted, [portalEnv.searchAdminKey]: 'writekey'}).search).toEqual({appId: 'ACME42', apiKey: 'samekey', indexName: 'docs'});
  });
});
