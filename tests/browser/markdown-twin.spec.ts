/**
 * What a reader who works with tools sees: "Copy page" puts the page's
 * Markdown twin on the clipboard, with a visible confirmation, from the mouse
 * or the keyboard, and says so when the browser gives no clipboard; "View as
 * Markdown" opens the twin; /llms.txt lists every page of the route table and
 * every tag of the reference.
 */
import {portalConfig} from '../../portal.config';
import {twinPath} from '../../src/shared/twin-paths';
import {ROUTES} from '../route-table';
import {ANY_WIDTH_TAG, expect, test, waitForHydration} from './fixtures';

const PAGE = '/concepts/scan-concept';

test('"Copy page" puts the page\'s Markdown twin on the clipboard and says so', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(PAGE);
  await waitForHydration(page);
  const twin = await (await page.request.get(twinPath(PAGE))).text();
  const button = page.getByRole('button', {name: 'Copy page'});
  await button.click();
  await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Copied the page as Markdown');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(twin);
  expect(twin).toMatch(/^# Scans\n/);
  // The label comes back, ready for another copy.
  await expect(page.getByRole('button', {name: 'Copy page'})).toBeVisible();
});

test('"Copy page" works from the keyboard', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/api/reference/targets-scans-create');
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Copy page'}).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('`POST /api/v1/targets/{target_id}/scans/`');
});

test('"Copy page" says what to do when the browser gives no clipboard', async ({page}) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined}));
  await page.goto(PAGE);
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Copy page'}).click();
  await expect(page.getByRole('status')).toHaveText(/does not let the page copy: open it with "View as Markdown"/);
  await expect(page.getByRole('button', {name: 'Copy page'})).toBeVisible();
});

test('"View as Markdown" opens the twin, for the home page too', async ({page, allowConsoleErrors}) => {
  // Showing a text file, the browser asks for /favicon.ico, which the portal does not have (its icon is an SVG).
  allowConsoleErrors(/Failed to load resource: the server responded with a status of 404/);
  const missing: string[] = [];
  page.on('response', (response) => response.status() === 404 && missing.push(new URL(response.url()).pathname));
  for (const route of ['/', PAGE]) {
    await page.goto(route);
    await waitForHydration(page);
    await page.getByRole('link', {name: 'View as Markdown'}).click();
    await expect(page).toHaveURL(new RegExp(`${twinPath(route).replace('.', '\\.')}$`));
    expect(await page.locator('body').innerText()).toMatch(/^# \S/);
  }
  expect(missing.filter((path) => path !== '/favicon.ico')).toEqual([]);
});

test('/llms.txt lists every page of the route table and every tag of the reference', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  const response = await page.request.get('/llms.txt');
  expect(response.status()).toBe(200);
  const llms = await response.text();
  const siteRoot = `${portalConfig.siteUrl}${portalConfig.baseUrl}`;
  for (const route of ROUTES) expect(llms, route).toContain(`](${siteRoot}${twinPath(route).slice(1)})`);
  const contract = await (await page.request.get('/openapi.json')).json();
  for (const tag of contract.tags) expect(llms, tag.name).toContain(`## API reference: ${tag['x-displayName']}\n`);
});
