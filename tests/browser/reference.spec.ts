import {parse} from 'yaml';
import {portalConfig} from '../../portal.config';
import {startSandbox, type Sandbox} from '../../scripts/sandbox';
import {expect, test, waitForHydration} from './fixtures';

const sandboxOrigin = new URL(portalConfig.sandboxUrl);

test('the reference index explains the conventions and links the OpenAPI file', async ({page}) => {
  await page.goto('/api/reference');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('API reference');
  for (const heading of ['Base URL', 'Authentication', 'Pagination', 'Errors', 'Rate limits']) {
    await expect(page.getByRole('heading', {level: 2, name: heading})).toBeVisible();
  }
  const href = await page.getByRole('link', {name: 'Download the OpenAPI file (YAML)'}).getAttribute('href');
  expect(href).toBe('/openapi.yaml');
  const document = parse(await (await page.request.get(href!)).text());
  const operations = Object.values(document.paths).flatMap((item) => Object.keys(item as object));
  expect(operations.length).toBeGreaterThan(250);
});

test('a tag page lists the operations of its group', async ({page}) => {
  await page.goto('/api/reference/scans');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Scans API');
  await expect(page.locator('article').getByRole('link', {name: /List scans/})).toBeVisible();
});

test('an operation page shows its method, path, parameters, schemas and samples', async ({page}) => {
  await page.goto('/api/reference/targets-scans-create');
  await waitForHydration(page);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Start a scan');
  await expect(page.locator('.openapi__method-endpoint')).toContainText(`${portalConfig.apiUrl}/api/v1/targets/:target_id/scans/`);
  await expect(page.locator('.openapi__method-endpoint')).toContainText(/post/i);
  const article = page.locator('.openapi-left-panel__container');
  await expect(article.getByText('target_id', {exact: true}).first()).toBeVisible();
  await expect(article.getByText('scan_profile_id', {exact: true}).first()).toBeVisible();
  for (const language of ['curl', 'python', 'nodejs', 'go']) {
    await expect(page.locator('.openapi-tabs__code-item', {hasText: new RegExp(`^${language}$`, 'i')}).first()).toBeVisible();
  }
});

test.describe('the try-it panel', () => {
  // One worker owns the sandbox's port.
  test.describe.configure({mode: 'serial'});
  test.skip(({isMobile}) => isMobile, 'the panel sits beside the page on desktop');
  let sandbox: Sandbox | undefined;
  test.beforeAll(async ({isMobile}) => {
    if (!isMobile) sandbox = await startSandbox({port: Number(sandboxOrigin.port)});
  });
  test.afterAll(() => sandbox?.close());

  async function sendToSandbox(page: import('@playwright/test').Page) {
    const panel = page.locator('.openapi-right-panel__container');
    await panel.locator('.openapi-explorer__server-url').hover();
    await panel.getByRole('button', {name: 'Edit'}).click();
    await panel.locator('select').first().selectOption(sandboxOrigin.origin);
    const request = page.waitForRequest((candidate) => candidate.url().startsWith(sandboxOrigin.origin));
    await panel.getByRole('button', {name: /send api request/i}).click();
    return {panel, request: await request};
  }

  test('sends the request straight to the sandbox, without cookies, and shows the example response', async ({page, context}) => {
    await context.addCookies([{name: 'unrelated_session', value: 'secret', url: sandboxOrigin.origin}]);
    await page.goto('/api/reference/targets-list');
    await waitForHydration(page);
    const panel = page.locator('.openapi-right-panel__container');
    await panel.getByPlaceholder('JwtAuth').fill('JWT reader-key');
    const {request} = await sendToSandbox(page);
    expect(request.url()).toMatch(new RegExp(`^${sandboxOrigin.origin}/api/v1/targets/`));
    expect(request.headers()['authorization']).toBe('JWT reader-key');
    expect(request.headers()['cookie']).toBeUndefined();
    await expect(panel.locator('.openapi-response__status-code, .openapi-explorer__response-container').first()).toContainText('200');
    await expect(panel).toContainText('Checkout web app');
    // The key stays in this tab's session storage, never in local storage.
    expect(await page.evaluate(() => sessionStorage.getItem('JwtAuth'))).toContain('reader-key');
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('reader-key');
  });

  test('an invalid request gets the contract error from the sandbox', async ({page, allowConsoleErrors}) => {
    allowConsoleErrors(/status of 400/);
    await page.goto('/api/reference/targets-list');
    await waitForHydration(page);
    const panel = page.locator('.openapi-right-panel__container');
    await panel.getByPlaceholder('JwtAuth').fill('JWT reader-key');
    // Past the contract's maximum page size.
    await panel.getByRole('button', {name: 'Show optional parameters'}).click();
    await panel.getByPlaceholder('Number of results per page.').fill('1000');
    await sendToSandbox(page);
    await expect(panel).toContainText('400');
    await expect(panel).toContainText('Invalid input.');
  });
});

test.describe('/js/setJWTTokenValue.js', () => {
  test('fills the panel with the token the product left in its cookie', async ({page, context, baseURL}) => {
    await context.addCookies([{name: portalConfig.tokenCookie, value: 'product-token', url: baseURL!}]);
    await page.goto('/api/reference/targets-list');
    await waitForHydration(page);
    await expect(page.locator('.openapi-right-panel__container').getByPlaceholder('JwtAuth')).toHaveValue('JWT product-token');
    expect(page.url()).not.toContain('product-token');
  });

  test('keeps a key the reader typed', async ({page, context, baseURL}) => {
    await page.addInitScript(() => sessionStorage.setItem('JwtAuth', JSON.stringify({apiKey: 'JWT typed-key'})));
    await context.addCookies([{name: portalConfig.tokenCookie, value: 'product-token', url: baseURL!}]);
    await page.goto('/api/reference/targets-list');
    await waitForHydration(page);
    await expect(page.locator('.openapi-right-panel__container').getByPlaceholder('JwtAuth')).toHaveValue('JWT typed-key');
  });

  test('does nothing without the cookie', async ({page}) => {
    await page.goto('/api/reference/targets-list');
    await waitForHydration(page);
    await expect(page.locator('.openapi-right-panel__container').getByPlaceholder('JwtAuth')).toHaveValue('');
    expect(await page.evaluate(() => sessionStorage.getItem('JwtAuth'))).toBeNull();
  });
});
