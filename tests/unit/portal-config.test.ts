import {describe, expect, it} from 'vitest';
import {loadPortalConfig, portalDefaults, portalEnv, portalTokens, searchAdminKeyEnv} from '../../portal.config';

describe('portal configuration', () => {
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
    });
    expect(config).toEqual({
      productName: 'Acme Scan',
      cliName: 'acme-scan',
      productUrl: 'https://acme.test',
      helpUrl: 'https://help.acme.test',
      apiUrl: 'https://api.acme.test',
      sandboxUrl: 'http://127.0.0.1:9999',
      siteUrl: 'https://docs.acme.test',
      baseUrl: '/docs/',
      tokenCookie: 'acme_docs_token',
      announcement: {id: 'spring', text: ''},
      search: {appId: 'ACME42', apiKey: 'a1b2c3', indexName: 'acme_docs'},
    });
    expect(portalTokens(config)).toMatchObject({product: 'Acme Scan', cli: 'acme-scan', envPrefix: 'ACME_SCAN', sandboxUrl: 'http://127.0.0.1:9999'});
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
    expect(() =>
      loadPortalConfig({[portalEnv.searchAppId]: 'ACME 42', [portalEnv.searchApiKey]: 'k', [portalEnv.searchIndexName]: 'docs'}),
    ).toThrowError(/PORTAL_SEARCH_APP_ID: letters and digits/);
  });

  it('refuses a public search key that is the write key, which would reach every browser', () => {
    const hosted = {[portalEnv.searchAppId]: 'ACME42', [portalEnv.searchApiKey]: 'samekey', [portalEnv.searchIndexName]: 'docs'};
    expect(() => loadPortalConfig({...hosted, [searchAdminKeyEnv]: 'samekey'})).toThrowError(
      'PORTAL_SEARCH_API_KEY is the same key as PORTAL_SEARCH_ADMIN_KEY, the key that may write the index',
    );
    expect(loadPortalConfig({...hosted, [searchAdminKeyEnv]: 'writekey'}).search).toEqual({appId: 'ACME42', apiKey: 'samekey', indexName: 'docs'});
  });
});
