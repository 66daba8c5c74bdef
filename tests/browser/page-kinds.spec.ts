/**
 * Every kind of page, served by nginx with the production configuration
 * (deploy/): no serious or critical accessibility violation (axe), no
 * Content-Security-Policy violation, and production's headers.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {startNginx} from '../../lib/deploy/nginx-server';
import {securityHeaders} from '../../lib/deploy/security-headers';
import type {RunningServer} from '../../lib/serve/running-server';
import {nginxPort} from '../../playwright.config';
import {portalConfig} from '../../portal.config';
import {contractServers} from '../../lib/contract/build';
import {PAGE_KINDS} from '../route-table';
import {LOCAL_INDEX_PATH} from '../../src/shared/search/settings';
import type {Page} from '@playwright/test';
import {ANY_WIDTH_TAG, expect, test, waitForHydration} from './fixtures';
import {freePort} from '../../lib/serve/free-port';

test.use({baseURL: `http://127.0.0.1:${nginxPort}`});

const NOT_FOUND_PAGE = '<h1>Page Not Found</h1>';

/** The headers of securityHeaders(), by their lower-case names. */
const SECURITY_HEADER_NAMES = Object.keys(securityHeaders({apiUrl: portalConfig.apiUrl, sandboxUrl: portalConfig.sandboxUrl, inlineScriptHashes: []})).map(
  (name) => name.toLowerCase(),
);

const pick = (headers: Record<string, string>, names: string[]) => Object.fromEntries(names.map((name) => [name, headers[name]]));

/** nginx with the production configuration over a small site of its own, made of `files`. */
async function serveSite(files: Record<string, string>): Promise<RunningServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-site-'));
  // nginx's workers run as another user.
  fs.chmodSync(root, 0o755);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
    fs.writeFileSync(path.join(root, file), text);
  }
  const server = await startNginx({root, port: await freePort()});
  return {url: server.url, close: () => server.close().finally(() => fs.rmSync(root, {recursive: true, force: true}))};
}

/** Sends a request as written, which an HTTP client would normalise (`/../`) or refuse (TRACE), and returns all nginx answered. */
function sendRaw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

function parseResponse(raw: string): {status: number; headers: Record<string, string>} {
  const [statusLine, ...lines] = raw.slice(0, raw.indexOf('\r\n\r\n')).split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return {status: Number(statusLine.split(' ')[1]), headers};
}

/** Records the page's CSP violations (the console reports them too, which the fixture fails on). */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as {cspViolations: string[]}).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as {cspViolations: string[]}).cspViolations);
}

/**
 * Violations axe rates serious or critical, as "rule: target" lines. Legacy mode runs axe in the page rather than
 * gathering each frame's results in a blank page (no page kind has a frame), and only violations get their nodes'
 * selectors: on a full page, axe had outlasted a test's timeout without both.
 */
async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const {violations} = await new AxeBuilder({page})
    .setLegacyMode()
    .options({resultTypes: ['violations']})
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')}`));
}

for (const [kind, path] of Object.entries(PAGE_KINDS)) {
  test(`${kind} (${path}): no serious accessibility or CSP violation, production headers`, async ({page, allowConsoleErrors}) => {
    // axe over a full page can outlast the default timeout when the suite runs in parallel.
    test.slow();
    if (kind === 'not-found page') allowConsoleErrors(/status of 404/);
    const cspViolations = await recordCspViolations(page);
    const response = await page.goto(path);
    expect(response!.status()).toBe(kind === 'not-found page' ? 404 : 200);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    // Diagrams render when scrolled to: bring the page's last part into view so they are checked too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });
}

/** The try-it panel's servers, as the configuration gives them (the tests' build has a sandbox). */
const tryItServers = contractServers(portalConfig).map((server) => server.url);

test('the try-it panel sends its requests under the CSP, to the API and to the sandbox', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  const cspViolations = await recordCspViolations(page);
  const answered: string[] = [];
  for (const origin of tryItServers) {
    // Answered here: the CSP is checked before a request leaves the browser, so a real server adds nothing.
    await page.route(`${new URL(origin).origin}/**`, (route) => {
      answered.push(origin);
      return route.fulfill({status: 200, contentType: 'application/json', headers: {'access-control-allow-origin': '*'}, body: '{"results": []}'});
    });
  }
  const response = await page.goto(PAGE_KINDS['operation page']);
  // connect-src names exactly the portal and the configuration's servers.
  const connectSrc = /connect-src ([^;]*)/.exec(response!.headers()['content-security-policy'])![1].split(' ');
  expect(connectSrc).toEqual(["'self'", ...tryItServers.map((url) => new URL(url).origin)]);
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Try it'}).click();
  const panel = page.locator('.openapi-right-panel__container');
  await panel.getByPlaceholder('JwtAuth').fill('JWT reader-key');
  await panel.locator('.openapi-explorer__server-url').hover();
  await panel.getByRole('button', {name: 'Edit'}).click();
  for (const origin of tryItServers) {
    await panel.getByRole('combobox', {name: 'Base URL'}).selectOption(new URL(origin).origin);
    await panel.getByRole('button', {name: /send api request/i}).click();
    await expect.poll(() => answered).toContain(origin);
  }
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(await cspViolations()).toEqual([]);
});

test('search runs under the CSP: the modal opens, answers a query and opens a hit', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  const cspViolations = await recordCspViolations(page);
  await page.goto(PAGE_KINDS.concept);
  await waitForHydration(page);
  await page.locator('.DocSearch-Button').click();
  await page.locator('.DocSearch-Input').fill('create target');
  const hit = page.locator('.DocSearch-Hit a[href="/api/reference/targets-create"]').first();
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(page).toHaveURL(/\/api\/reference\/targets-create$/);
  await expect(page.locator('.DocSearch-Modal')).toBeHidden();
  expect(await cspViolations()).toEqual([]);
});

test('the try-it panel warning and its question before a DELETE to the real API: no serious accessibility or CSP violation', async ({page}) => {
  const cspViolations = await recordCspViolations(page);
  await page.goto('/api/reference/integrations-aws-destroy');
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Try it'}).click();
  const panel = page.locator('.openapi-right-panel__container');
  await panel.locator('.openapi-explorer__server-url').hover();
  await panel.getByRole('button', {name: 'Edit'}).click();
  await panel.getByRole('combobox', {name: 'Base URL'}).selectOption(new URL(portalConfig.apiUrl).origin);
  await expect(panel.locator('.alert--warning')).toBeVisible();
  await panel.getByRole('button', {name: /send api request/i}).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(await cspViolations()).toEqual([]);
});

test.describe('what nginx serves', {tag: ANY_WIDTH_TAG}, () => {
  test('hashed assets are cached for good, pages revalidated, text compressed', async ({page, request}) => {
    await page.goto('/');
    const script = await page.locator('script[src^="/assets/js/main."]').getAttribute('src');
    const asset = await request.get(script!, {headers: {'accept-encoding': 'gzip'}});
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-encoding']).toBe('gzip');
    const index = await request.get(`/${LOCAL_INDEX_PATH}`, {headers: {'accept-encoding': 'gzip'}});
    expect(index.headers()['cache-control']).toBe('no-cache');
    expect(index.headers()['content-encoding']).toBe('gzip');
    const {shards, termShards} = await index.json();
    for (const {file} of [shards[0], termShards[0]]) {
      const shard = await request.get(`/${file}`);
      expect(shard.status(), file).toBe(200);
      expect(shard.headers()['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
    const html = await request.get('/api/quick-start');
    expect(html.headers()['cache-control']).toBe('no-cache');
    expect(html.headers()['etag']).toBeTruthy();
    const spec = await request.get('/openapi.yaml');
    expect(spec.status()).toBe(200);
    expect(spec.headers()['content-type']).toMatch(/^application\/yaml/);
  });

  test('an unknown path gets the not-found page with status 404, the same headers, and asks crawlers not to index it', async ({request}) => {
    const response = await request.get('/no/such/page');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-security-policy']).toBeTruthy();
    expect(response.headers()['x-robots-tag']).toBe('noindex');
    expect(await response.text()).toContain('Page Not Found');
  });

  test("nginx's own errors carry the security headers of a page", async ({request}) => {
    const page = await request.get('/');
    const expected = Object.fromEntries(SECURITY_HEADER_NAMES.map((name) => [name, page.headers()[name]]));
    expect(expected['content-security-policy']).toContain("script-src 'self'");
    const requests: [string, number, string][] = [
      ['a path out of the root', 400, 'GET /../etc/passwd HTTP/1.1\r\nHost: localhost\r\n\r\n'],
      ['TRACE', 405, 'TRACE / HTTP/1.1\r\nHost: localhost\r\n\r\n'],
      ['a body over the limit', 413, 'POST /api/quick-start HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2000000\r\n\r\n'],
      ['a URL over the limit', 414, `GET /${'a'.repeat(9000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`],
      // nginx's 494, sent as 400.
      ['a cookie over the limit', 400, `GET / HTTP/1.1\r\nHost: localhost\r\nCookie: a=${'a'.repeat(9000)}\r\n\r\n`],
    ];
    for (const [what, status, text] of requests) {
      const response = parseResponse(await sendRaw(nginxPort, text));
      expect(response.status, what).toBe(status);
      expect(pick(response.headers, SECURITY_HEADER_NAMES), what).toEqual(expected);
    }
    // HTTP/0.9 has no headers to carry them: no answer at all.
    expect(await sendRaw(nginxPort, 'GET /\r\n')).toBe('');
  });

  test('a dotfile, in any folder, gets the not-found page; /.well-known/ is served', async ({playwright}) => {
    const site = await serveSite({
      'index.html': '<h1>Home</h1>',
      '404.html': NOT_FOUND_PAGE,
      '.stamp': 'built by a tool',
      'assets/.hidden.js': 'secret',
      'a/.git/config': '[core]',
      '.well-known/.stamp': 'built by a tool',
      '.well-known/security.txt': 'Contact: mailto:security@example.com',
    });
    const request = await playwright.request.newContext({baseURL: site.url});
    try {
      for (const route of ['/.stamp', '/%2estamp', '/assets/.hidden.js', '/a/.git/config', '/.well-known/.stamp']) {
        const response = await request.get(route);
        expect(response.status(), route).toBe(404);
        expect(await response.text(), route).toBe(NOT_FOUND_PAGE);
        expect(response.headers()['content-security-policy'], route).toContain("default-src 'self'");
      }
      const wellKnown = await request.get('/.well-known/security.txt');
      expect(wellKnown.status()).toBe(200);
      expect(await wellKnown.text()).toBe('Contact: mailto:security@example.com');
    } finally {
      await request.dispose();
      await site.close();
    }
  });

  test('a request naming text/markdown with a quality above zero gets the Markdown twin where one exists, any other the HTML page', async ({playwright}) => {
    // A page with a twin, the home page with one, a page without.
    const site = await serveSite({
      'index.html': '<h1>Home</h1>',
      'index.md': '# Home',
      'a/b.html': '<h1>B</h1>',
      'a/b.md': '# B',
      'a/c.html': '<h1>C</h1>',
      '404.html': NOT_FOUND_PAGE,
    });
    const request = await playwright.request.newContext({baseURL: site.url});
    const get = async (route: string, accept?: string) => {
      const response = await request.get(route, {headers: accept === undefined ? {} : {accept}});
      return {status: response.status(), type: response.headers()['content-type'], vary: response.headers()['vary'], text: await response.text()};
    };
    const markdown = (text: string) => ({status: 200, type: 'text/markdown; charset=utf-8', vary: expect.stringContaining('Accept'), text});
    const html = (text: string) => ({status: 200, type: 'text/html; charset=utf-8', vary: expect.stringContaining('Accept'), text});
    try {
      for (const accept of ['text/markdown', 'text/markdown, text/html;q=0.9', 'text/markdown;q=0.5', 'text/html, text/markdown; q=0.001', 'TEXT/Markdown']) {
        expect(await get('/a/b', accept), accept).toEqual(markdown('# B'));
        expect(await get('/', accept), accept).toEqual(markdown('# Home'));
        expect(await get('/a/c', accept), `${accept}, a page without twin`).toEqual(html('<h1>C</h1>'));
      }
      for (const accept of [
        undefined,
        'text/markdown;q=0',
        'text/markdown; q=0.0',
        'text/markdown;Q=0.000',
        'text/html, text/markdown;q=0',
        'text/markdownx',
        'text/*',
        '*/*',
      ]) {
        expect(await get('/a/b', accept), String(accept)).toEqual(html('<h1>B</h1>'));
      }
      for (const accept of [undefined, 'text/markdown']) {
        const unknown = await get('/a/d', accept);
        expect(unknown.status, `an unknown page, ${accept}`).toBe(404);
        expect(unknown.text, `an unknown page, ${accept}`).toBe(NOT_FOUND_PAGE);
      }
    } finally {
      await request.dispose();
      await site.close();
    }
  });
});
