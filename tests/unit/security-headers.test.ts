import {describe, expect, it} from 'vitest';
import {renderNginxSite} from '../../lib/deploy/nginx-config';
import {contentSecurityPolicy, hostedSearchOrigins, scriptHash, securityHeaders} from '../../lib/deploy/security-headers';

const inputs = {apiUrl: 'https://api.acme.test/v2', sandboxUrl: 'http://127.0.0.1:4010', inlineScriptHashes: [scriptHash('a()'), scriptHash('a()')]};
const directives = (policy: string) => new Map(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

describe('the Content-Security-Policy', () => {
  it('allows scripts from the portal and its inline scripts by hash, requests to the API and the sandbox, no framing', () => {
    const policy = directives(contentSecurityPolicy(inputs));
    expect(policy.get('script-src')).toEqual(["'self'", `'${scriptHash('a()')}'`]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.acme.test', 'http://127.0.0.1:4010']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('hashes inline scripts as browsers do (sha256 of the text, base64)', () => {
    expect(scriptHash('alert(1)')).toBe('sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=');
  });

  it('allows the hosted search service only when it is configured', () => {
    expect(contentSecurityPolicy(inputs)).not.toContain('algolia');
    const policy = directives(contentSecurityPolicy({...inputs, search: {appId: 'ABC123', apiKey: 'searchkey', indexName: 'acme_docs'}}));
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://api.acme.test',
      'http://127.0.0.1:4010',
      'https://abc123-dsn.algolia.net',
      'https://abc123-1.algolianet.com',
      'https://abc123-2.algolianet.com',
      'https://abc123-3.algolianet.com',
    ]);
    expect(hostedSearchOrigins({appId: 'ABC123'})).toHaveLength(4);
  });
});

describe('the nginx configuration', () => {
  const site = renderNginxSite({...inputs, root: '/srv/portal/build', listen: '80', serverName: 'docs.acme.test'});

  it('puts every security header, with the same CSP, in the server and in every location that sets headers', () => {
    const [server, ...locations] = site.split(/\n {4}location /);
    // The 416 page's location adds no header: it is sent with those its request's location already set.
    const settingHeaders = locations.filter((location) => location.includes('add_header') && !location.startsWith('@range_not_satisfiable'));
    expect(settingHeaders.length).toBeGreaterThan(4);
    for (const block of [server, ...settingHeaders]) {
      for (const [name, value] of Object.entries(securityHeaders(inputs))) {
        expect(block, block.split('\n')[0]).toContain(`add_header ${name} "${value}" always;`);
      }
    }
  });

  it('takes the deployer values and leaves no placeholder', () => {
    expect(site).toContain('root "/srv/portal/build";');
    expect(site).toContain('listen 80;');
    expect(site).toContain('server_name docs.acme.test;');
    expect(site).not.toMatch(/\{\{\w+\}\}/);
  });

  it('proxies /mcp and /feedback to the service, each with its body limit and the rate limit', () => {
    const proxied = renderNginxSite({...inputs, root: '/srv/portal/build', listen: '80', serverName: 'docs.acme.test', serviceAddress: '127.0.0.1:5999'});
    for (const [route, limit] of [
      ['/mcp', '64k'],
      ['/feedback', '8k'],
    ]) {
      const block = proxied.split(`\n    location = ${route} {`)[1]?.split('\n    }')[0] ?? '';
      expect(block, route).toContain(`client_max_body_size ${limit};`);
      expect(block, route).toContain('limit_req zone=portal_service ');
      expect(block, route).toContain('proxy_pass http://127.0.0.1:5999;');
    }
    expect(proxied).toMatch(/^limit_req_zone \$binary_remote_addr zone=portal_service:\S+ rate=\d+r\/s;$/m);
  });
});
