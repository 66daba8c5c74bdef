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
import {nginxPort} from '../../playwright.config';
import {portalConfig} from '../../portal.config';
import {PAGE_KINDS} from '../route-table';
import {LOCAL_INDEX_PATH} from '../../src/shared/search/settings';
import type {Page} from '@playwright/test';
import {expect, test, waitForHydration} from './fixtures';

test.use({baseURL: `http://127.0.0.1:${nginxPort}`});

/** A port free on 127.0.0.1 at the time of asking. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
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

/** Violations axe rates serious or critical, as "rule: target" lines. */
async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const {violations} = await new AxeBuilder({page}).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')}`));
}

for (const [kind, path] of Object.entries(PAGE_KINDS)) {
  test(`${kind} (${path}): no serious accessibility or CSP violation, production headers`, async ({page, allowConsoleErrors}) => {
    // axe over a full page (the quick start has some 2,000 elements) outlasts the default timeout when the suite runs in parallel.
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

test('the try-it panel sends its requests under the CSP, to the API and to the sandbox', async ({page}) => {
  const cspViolations = await recordCspViolations(page);
  const answered: string[] = [];
  for (const origin of [portalConfig.apiUrl, portalConfig.sandboxUrl]) {
    // Answered here: the CSP is checked before a request leaves the browser, so a real server adds nothing.
    await page.route(`${new URL(origin).origin}/**`, (route) => {
      answered.push(origin);
      return route.fulfill({status: 200, contentType: 'application/json', headers: {'access-control-allow-origin': '*'}, body: '{"results": []}'});
    });
  }
  await page.goto(PAGE_KINDS['operation page']);
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Try it'}).click();
  const panel = page.locator('.openapi-right-panel__container');
  await panel.getByPlaceholder('JwtAuth').fill('JWT reader-key');
  await panel.locator('.openapi-explorer__server-url').hover();
  await panel.getByRole('button', {name: 'Edit'}).click();
  for (const origin of [portalConfig.apiUrl, portalConfig.sandboxUrl]) {
    await panel.getByRole('combobox', {name: 'Base URL'}).selectOption(new URL(origin).origin);
    await panel.getByRole('button', {name: /send api request/i}).click();
    await expect.poll(() => answered).toContain(origin);
  }
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(await cspViolations()).toEqual([]);
});

test.describe('what nginx serves', () => {
  test('hashed assets are cached for good, pages revalidated, text compressed', async ({page, request}) => {
    await page.goto('/');
    const script = await page.locator('script[src^="/assets/js/main."]').getAttribute('src');
    const asset = await request.get(script!, {headers: {'accept-encoding': 'gzip'}});
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-encoding']).toBe('gzip');
    const index = await request.get(`/${LOCAL_INDEX_PATH}`, {headers: {'accept-encoding': 'gzip'}});
    expect(index.headers()['cache-control']).toBe('no-cache');
    expect(index.headers()['content-encoding']).toBe('gzip');
    const shard = await request.get(`/${(await index.json()).shards[0].file}`);
    expect(shard.status()).toBe(200);
    expect(shard.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const html = await request.get('/api/quick-start');
    expect(html.headers()['cache-control']).toBe('no-cache');
    expect(html.headers()['etag']).toBeTruthy();
    const spec = await request.get('/openapi.yaml');
    expect(spec.status()).toBe(200);
    expect(spec.headers()['content-type']).toMatch(/^application\/yaml/);
  });

  test('an unknown path gets the not-found page with status 404 and the same headers', async ({request}) => {
    const response = await request.get('/no/such/page');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-security-policy']).toBeTruthy();
    expect(await response.text()).toContain('Page Not Found');
  });

  test('a request for Markdown gets the Markdown twin where one exists, the HTML page otherwise', async ({playwright}) => {
    // A small site of its own: a page with a twin, the home page with one, a page without.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-twins-'));
    // nginx's workers run as another user.
    fs.chmodSync(root, 0o755);
    const files: Record<string, string> = {
      'index.html': '<h1>Home</h1>',
      'index.md': '# Home',
      'a/b.html': '<h1>B</h1>',
      'a/b.md': '# B',
      'a/c.html': '<h1>C</h1>',
      '404.html': '<h1>Page Not Found</h1>',
    };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
      fs.writeFileSync(path.join(root, file), text);
    }
    const server = await startNginx({root, port: await freePort()});
    const request = await playwright.request.newContext({baseURL: server.url});
    try {
      const markdown = {accept: 'text/markdown, text/html;q=0.9'};
      for (const [route, twin] of [['/a/b', '# B'], ['/', '# Home']]) {
        const response = await request.get(route, {headers: markdown});
        expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
        expect(response.headers()['vary']).toContain('Accept');
        expect(await response.text()).toBe(twin);
      }
      const withoutTwin = await request.get('/a/c', {headers: markdown});
      expect(withoutTwin.headers()['content-type']).toBe('text/html; charset=utf-8');
      expect(await withoutTwin.text()).toBe('<h1>C</h1>');
      const html = await request.get('/a/b');
      expect(html.headers()['content-type']).toBe('text/html; charset=utf-8');
      expect(html.headers()['vary']).toContain('Accept');
      expect((await request.get('/a/d', {headers: markdown})).status()).toBe(404);
    } finally {
      await request.dispose();
      await server.close();
      fs.rmSync(root, {recursive: true, force: true});
    }
  });
});
