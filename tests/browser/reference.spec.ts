import {parse} from 'yaml';
import {operationsOf} from '../../lib/openapi';
import {portalConfig} from '../../portal.config';
import type {RunningServer} from '../../lib/serve/running-server';
import {startSandbox} from '../../lib/serve/sandbox';
import type {Locator, Page} from '@playwright/test';
import {ANY_WIDTH_TAG, expect, test, waitForHydration} from './fixtures';

// These tests need the build's sandbox (the default, a local one).
const sandboxOrigin = new URL(portalConfig.sandboxUrl!);
const apiOrigin = new URL(portalConfig.apiUrl).origin;
/** JSON Web Tokens, as the product's cookie hands them over. */
const readerToken = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJyZWFkZXIifQ.c2lnbmF0dXJlLW9uZQ';
const refreshedToken = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJyZWFkZXIiLCJuIjoyfQ.c2lnbmF0dXJlLXR3bw';

/** Opens an operation page and its try-it panel (loaded only then). */
async function openTryIt(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Try it'}).click();
  const panel = page.locator('.openapi-right-panel__container');
  await expect(panel.getByRole('button', {name: /send api request/i})).toBeVisible();
  return panel;
}

test('the reference index explains the conventions and links the OpenAPI file', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await page.goto('/api/reference');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('API reference');
  for (const heading of ['Base URL', 'Authentication', 'Pagination', 'Errors', 'Rate limits']) {
    await expect(page.getByRole('heading', {level: 2, name: heading})).toBeVisible();
  }
  const href = await page.getByRole('link', {name: 'Download the OpenAPI file (YAML)'}).getAttribute('href');
  expect(href).toBe('/openapi.yaml');
  const document = parse(await (await page.request.get(href!)).text());
  expect(operationsOf(document).length).toBeGreaterThan(250);
});

test('a tag page lists the operations of its group', async ({page}) => {
  await page.goto('/api/reference/scans');
  // On phones the sidebar the reader opens (the drawer's) exists once the page is interactive.
  await waitForHydration(page);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Scans API');
  await expect(page.locator('article').getByRole('link', {name: /List scans/})).toBeVisible();
  // The sidebar marks each operation with its method.
  const badge = (method: string) =>
    page
      .locator(`.menu__list-item.api-method.${method} > .menu__link`)
      .first()
      .evaluate((link) => getComputedStyle(link, '::before').content);
  expect(await badge('get')).toBe('"GET"');
  expect(
    await page
      .locator('.menu__list-item.api-method.post > .menu__link')
      .first()
      .evaluate((link) => getComputedStyle(link, '::before').backgroundColor),
  ).toBe('rgb(29, 78, 216)');
  expect(await badge('post')).toBe('"POST"');
});

test('an operation page shows its method, path, parameters, schemas and samples', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await page.goto('/api/reference/targets-scans-create');
  await waitForHydration(page);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Start a scan');
  const article = page.locator('article');
  await expect(article.getByText(`${portalConfig.apiUrl}/api/v1/targets/{target_id}/scans/`)).toBeVisible();
  const method = article.getByText('POST', {exact: true});
  await expect(method).toBeVisible();
  // In the colour the sidebar gives POST.
  expect(await method.evaluate((badge) => getComputedStyle(badge).backgroundColor)).toBe('rgb(29, 78, 216)');
  await expect(article.getByText('target_id', {exact: true})).toBeVisible();
  await expect(article.getByText('scan_profile_id', {exact: true})).toBeVisible();
  await expect(page.getByRole('heading', {level: 3, name: '201 Created'})).toBeVisible();
  // The errors in one table, their shared body described once.
  await expect(page.getByRole('heading', {level: 3, name: 'Errors'})).toBeVisible();
  for (const status of ['400 Bad Request', '409 Conflict', '429 Too Many Requests']) {
    await expect(article.getByRole('row').filter({hasText: status})).toHaveCount(1);
  }
  // Nested objects open on demand.
  const nested = article.locator('details', {hasText: 'Fields of target'}).first();
  await nested.locator('summary').click();
  await expect(nested.getByText('Display name of the related object.')).toBeVisible();
  // Samples in curl, Python, JavaScript and Go, calling the public API with the contract's example body.
  const samples = article.locator('.tabs-container').last();
  for (const language of ['curl', 'Python', 'JavaScript', 'Go']) {
    await samples.getByRole('tab', {name: language, exact: true}).click();
    await expect(samples.locator('[role="tabpanel"]:not([hidden]) code')).toContainText(`${portalConfig.apiUrl}/api/v1/targets/`);
  }
  await samples.getByRole('tab', {name: 'curl', exact: true}).click();
  await expect(samples.locator('[role="tabpanel"]:not([hidden]) code')).toContainText('Release 4.12.0');
});

test(
  'request samples: the first language comes with the page, another when its tab is chosen, and each copies as shown',
  {tag: ANY_WIDTH_TAG},
  async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const path = '/api/reference/targets-scans-create';
    const twin = await (await page.request.get(`${path}.md`)).text();
    /** A sample as the Markdown twin writes it, from the same generator as the page. */
    const sampleOf = (label: string) => new RegExp(`\\*\\*${label}\\*\\*\\n\\n\`\`\`\\w+\\n([\\s\\S]*?)\\n\`\`\``).exec(twin)![1];
    await page.goto(path);
    await waitForHydration(page);
    const samples = page.locator('article .tabs-container').last();
    const copied = async () => {
      await samples.getByRole('tabpanel').getByRole('button', {name: 'Copy code to clipboard'}).click();
      return page.evaluate(() => navigator.clipboard.readText());
    };
    await expect(samples.getByRole('tab', {name: 'curl', exact: true})).toHaveAttribute('aria-selected', 'true');
    expect(await copied()).toBe(sampleOf('curl'));
    await samples.getByRole('tab', {name: 'Python', exact: true}).click();
    await expect(samples.getByRole('tabpanel')).toContainText('import requests');
    expect(await copied()).toBe(sampleOf('Python'));
  },
);

test('the CLI sample: its tab shows the command, and choosing it holds on the next operation page', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  const cli = portalConfig.cliName;
  await page.goto('/api/reference/targets-scans-create');
  await waitForHydration(page);
  let samples = page.locator('article .tabs-container').last();
  await samples.getByRole('tab', {name: cli, exact: true}).click();
  await expect(samples.getByRole('tabpanel')).toContainText(`${cli} scans start 3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c`);
  await page.goto('/api/reference/targets-list');
  await waitForHydration(page);
  samples = page.locator('article .tabs-container').last();
  await expect(samples.getByRole('tab', {name: cli, exact: true})).toHaveAttribute('aria-selected', 'true');
  await expect(samples.getByRole('tabpanel')).toContainText(`${cli} targets list`);
});

/** Text that only the theme's try-it explorer and our reference components contain. */
const EXPLORER_CODE = 'openapi-explorer__';
const REFERENCE_CODE = 'Close the try-it panel';

/** Records the text of every script the page downloads. */
function recordScripts(page: Page): () => Promise<string[]> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  return () => Promise.all(bodies);
}

test('guide pages load none of the reference code; an operation page loads the explorer only when opened', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  const scripts = recordScripts(page);
  // Idle once the page has hydrated: on a busy machine the network can fall idle while main.js still runs, before the page's chunks are asked for.
  const loadPage = async (path: string) => {
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
  };
  for (const path of ['/', '/concepts/scan-concept', '/api/overview-api-documentation', '/api/reference']) await loadPage(path);
  let loaded = await scripts();
  expect(loaded.some((text) => text.includes(REFERENCE_CODE))).toBe(false);
  expect(loaded.some((text) => text.includes(EXPLORER_CODE))).toBe(false);

  await loadPage('/api/reference/targets-list');
  loaded = await scripts();
  expect(loaded.some((text) => text.includes(REFERENCE_CODE))).toBe(true);
  expect(loaded.some((text) => text.includes(EXPLORER_CODE))).toBe(false);

  await page.getByRole('button', {name: 'Try it'}).click();
  await expect(page.getByRole('button', {name: /send api request/i})).toBeVisible();
  expect((await scripts()).some((text) => text.includes(EXPLORER_CODE))).toBe(true);
});

test('the try-it panel says so when its data cannot be fetched, and the page keeps working', {tag: ANY_WIDTH_TAG}, async ({page, allowConsoleErrors}) => {
  allowConsoleErrors(/Failed to load resource/);
  await page.route('**/*.tryit.json', (route) => route.abort());
  await page.goto('/api/reference/targets-list');
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Try it'}).click();
  await expect(page.getByRole('alert')).toContainText('The try-it panel could not be loaded.');
  await page.getByRole('link', {name: 'Create a target'}).first().click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Create a target');
});

test("the try-it panel writes its code sample in each of the portal's languages and each variant the reader picks", {tag: ANY_WIDTH_TAG}, async ({page}) => {
  const panel = await openTryIt(page, '/api/reference/targets-create');
  const variants = panel.locator('.openapi-tabs__code-item--variant');
  const sample = panel.locator('.openapi-tabs__code-container [role="tabpanel"]:not([hidden]) code').first();
  // What each variant's code says that the others' do not.
  const written: Record<string, Record<string, string>> = {
    curl: {CURL: "curl -L '"},
    python: {'HTTP.CLIENT': 'import http.client', REQUESTS: 'import requests'},
    javascript: {FETCH: 'fetch(', JQUERY: '$.ajax(', XHR: 'new XMLHttpRequest()'},
    go: {NATIVE: '"net/http"'},
  };
  for (const [language, byVariant] of Object.entries(written)) {
    await panel.getByRole('tab', {name: language, exact: true}).click();
    await expect(variants).toHaveText(Object.keys(byVariant));
    for (const [variant, marker] of Object.entries(byVariant)) {
      await variants.getByText(variant, {exact: true}).click();
      await expect(sample).toContainText(marker);
      await expect(sample).toContainText('/api/v1/targets/');
    }
  }
});

test.describe('the try-it panel', {tag: ANY_WIDTH_TAG}, () => {
  // One worker owns the sandbox's port: the tests run in turn, in the one project that runs them.
  test.describe.configure({mode: 'serial'});
  let sandbox: RunningServer | undefined;
  test.beforeAll(async () => {
    sandbox = await startSandbox({port: Number(sandboxOrigin.port)});
  });
  test.afterAll(() => sandbox?.close());

  async function sendToSandbox(page: Page) {
    const panel = page.locator('.openapi-right-panel__container');
    // The panel opens on the sandbox.
    await expect(panel.locator('.openapi-explorer__server-url')).toHaveText(sandboxOrigin.origin);
    const request = page.waitForRequest((candidate) => candidate.url().startsWith(sandboxOrigin.origin));
    await panel.getByRole('button', {name: /send api request/i}).click();
    return {panel, request: await request};
  }

  test('sends the request straight to the sandbox, without cookies, and shows the example response', async ({page, context}) => {
    await context.addCookies([{name: 'unrelated_session', value: 'secret', url: sandboxOrigin.origin}]);
    const panel = await openTryIt(page, '/api/reference/targets-list');
    await panel.getByPlaceholder('JwtAuth').fill('JWT reader-key');
    // The panel fills the team filter with the contract's example id, a target's: the sandbox, like the API, would find no target of such a team.
    await panel.getByRole('button', {name: 'Show optional parameters'}).click();
    await panel.getByPlaceholder('Only targets of this team.').fill('');
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

  test('the reader can forget the credentials the panel keeps', async ({page}) => {
    const panel = await openTryIt(page, '/api/reference/targets-list');
    await panel.getByPlaceholder('JwtAuth').fill('JWT reader-key');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('JwtAuth'))).toContain('reader-key');
    await panel.getByRole('button', {name: 'Forget my credentials'}).click();
    await expect(panel.getByPlaceholder('JwtAuth')).toHaveValue('');
    expect(await page.evaluate(() => sessionStorage.getItem('JwtAuth'))).toBeNull();
  });

  test('an invalid request gets the contract error from the sandbox', async ({page, allowConsoleErrors}) => {
    allowConsoleErrors(/status of 400/);
    const panel = await openTryIt(page, '/api/reference/targets-list');
    await panel.getByPlaceholder('JwtAuth').fill('JWT reader-key');
    // Past the contract's maximum page size.
    await panel.getByRole('button', {name: 'Show optional parameters'}).click();
    await panel.getByPlaceholder('Number of results per page.').fill('1000');
    await sendToSandbox(page);
    await expect(panel).toContainText('400');
    await expect(panel).toContainText('Invalid input.');
  });
});

test.describe('/js/setJWTTokenValue.js', {tag: ANY_WIDTH_TAG}, () => {
  test('fills the panel with the token the product left in its cookie, marked as such, for the real API', async ({page, context, baseURL}) => {
    await context.addCookies([{name: portalConfig.tokenCookie, value: readerToken, url: baseURL!}]);
    const panel = await openTryIt(page, '/api/reference/targets-list');
    await chooseServer(panel, apiOrigin);
    await expect(panel.getByPlaceholder('JwtAuth')).toHaveValue(`JWT ${readerToken}`);
    await expect(panel.getByText('Signed in: the key is your reader token')).toBeVisible();
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('JwtAuth')))!)).toEqual({apiKey: `JWT ${readerToken}`, source: 'cookie'});
    expect(page.url()).not.toContain(readerToken);
  });

  test('on every page, follows the cookie: stored when set, removed when gone', async ({page, context, baseURL}) => {
    const stored = () => page.evaluate(() => sessionStorage.getItem('JwtAuth'));
    await context.addCookies([{name: portalConfig.tokenCookie, value: readerToken, url: baseURL!}]);
    await page.goto('/concepts/scan-concept');
    await expect.poll(stored).toContain(readerToken);
    await context.clearCookies({name: portalConfig.tokenCookie});
    await page.goto('/api/quick-start');
    await expect.poll(stored).toBeNull();
  });

  test('keeps a key the reader typed', async ({page, context, baseURL}) => {
    await page.addInitScript(() => sessionStorage.setItem('JwtAuth', JSON.stringify({apiKey: 'JWT typed-key'})));
    await context.addCookies([{name: portalConfig.tokenCookie, value: readerToken, url: baseURL!}]);
    const panel = await openTryIt(page, '/api/reference/targets-list');
    await expect(panel.getByPlaceholder('JwtAuth')).toHaveValue('JWT typed-key');
  });

  test('does nothing without the cookie', async ({page}) => {
    const panel = await openTryIt(page, '/api/reference/targets-list');
    await expect(panel.getByPlaceholder('JwtAuth')).toHaveValue('');
    expect(await page.evaluate(() => sessionStorage.getItem('JwtAuth'))).toBeNull();
  });
});

/** Answers every request to the API and the sandbox here, so none leaves the machine, and records them. */
async function answerTryItRequests(page: Page): Promise<{method: string; url: string; authorization?: string}[]> {
  const sent: {method: string; url: string; authorization?: string}[] = [];
  for (const origin of [apiOrigin, sandboxOrigin.origin]) {
    await page.route(`${origin}/**`, (route) => {
      const request = route.request();
      if (request.method() !== 'OPTIONS') sent.push({method: request.method(), url: request.url(), authorization: request.headers()['authorization']});
      return route.fulfill({status: 200, contentType: 'application/json', headers: {'access-control-allow-origin': '*'}, body: '{"answered": "by-the-test"}'});
    });
  }
  return sent;
}

/** Picks a server in the panel's selector, as a reader does. */
async function chooseServer(panel: Locator, origin: string) {
  await panel.locator('.openapi-explorer__server-url').hover();
  await panel.getByRole('button', {name: 'Edit'}).click();
  await panel.getByRole('combobox', {name: 'Base URL'}).selectOption(origin);
}

/** The panel's answer to the request it sent: a response from the routes above. */
const answerShown = (panel: Locator) => expect(panel.locator('.openapi-response__status-code')).toContainText('by-the-test');

test.describe('the try-it panel is safe by default', {tag: ANY_WIDTH_TAG}, () => {
  const deletePage = '/api/reference/integrations-aws-destroy';

  test('a DELETE: opens on the sandbox, asks before the real API, sends nothing when declined and exactly the request named when accepted', async ({
    page,
    context,
    baseURL,
  }) => {
    const sent = await answerTryItRequests(page);
    // The reader chose the real API earlier in this tab: the panel still opens on the sandbox.
    await page.addInitScript((url) => sessionStorage.setItem('server', JSON.stringify({url})), apiOrigin);
    await context.addCookies([{name: portalConfig.tokenCookie, value: readerToken, url: baseURL!}]);
    const panel = await openTryIt(page, deletePage);
    await expect(panel.getByPlaceholder('JwtAuth')).toHaveValue('');
    await expect(panel.locator('.openapi-explorer__server-url')).toHaveText(sandboxOrigin.origin);
    await expect(panel.getByText('Requests go to the sandbox')).toBeVisible();

    // Scripted clicks on the selector's buttons only open and close it: they never submit the form.
    // (They show on hover: reached here as a script would, whatever is shown.)
    const selectorButton = (name: string) => panel.locator('.openapi-explorer__floating-btn > button', {hasText: name});
    await selectorButton('Edit').evaluate((button: HTMLElement) => button.click());
    await selectorButton('Hide').evaluate((button: HTMLElement) => button.click());
    await expect(selectorButton('Edit')).toBeAttached();

    await chooseServer(panel, apiOrigin);
    await expect(panel.getByPlaceholder('JwtAuth')).toHaveValue(`JWT ${readerToken}`);
    const warning = panel.locator('.alert--warning');
    await expect(warning).toContainText(`Requests go to the real API, ${portalConfig.apiUrl}`);
    const send = panel.getByRole('button', {name: /send api request/i});
    await send.click();
    const dialog = page.getByRole('alertdialog', {name: 'Send this request to the real API?'});
    await expect(dialog).toContainText(`DELETE /api/v1/integrations/aws/ goes to ${portalConfig.apiUrl}`);
    await expect(dialog.getByRole('button', {name: 'Cancel'})).toBeFocused();
    await dialog.getByRole('button', {name: 'Cancel'}).click();
    await expect(dialog).toHaveCount(0);
    await expect(send).toBeFocused();

    await send.click();
    await dialog.getByRole('button', {name: 'Send DELETE to the real API'}).click();
    await answerShown(panel);
    // Only the accepted request went out: not the declined one, nor anything from the Edit and Hide clicks (each would have gone out first).
    expect(sent).toEqual([{method: 'DELETE', url: `${apiOrigin}/api/v1/integrations/aws/`, authorization: `JWT ${readerToken}`}]);
  });

  test('a GET goes to the real API without a question', async ({page}) => {
    const sent = await answerTryItRequests(page);
    const panel = await openTryIt(page, '/api/reference/targets-list');
    await chooseServer(panel, apiOrigin);
    await panel.getByRole('button', {name: /send api request/i}).click();
    await answerShown(panel);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(sent.map(({method, url}) => `${method} ${url.split('?')[0]}`)).toEqual([`GET ${apiOrigin}/api/v1/targets/`]);
  });

  test('without a sandbox in the contract, the panel offers the real API only, says so, and still asks before a DELETE', async ({page}) => {
    const sent = await answerTryItRequests(page);
    await page.route('**/*.tryit.json', async (route) => {
      const operation = await (await route.fetch()).json();
      operation.servers = operation.servers.filter((server: {url: string}) => server.url !== sandboxOrigin.origin);
      await route.fulfill({json: operation});
    });
    const panel = await openTryIt(page, deletePage);
    await expect(panel.locator('.openapi-explorer__server-url')).toHaveText(apiOrigin);
    await expect(panel.locator('.alert--warning')).toContainText('Requests go to the real API');
    await panel.getByPlaceholder('JwtAuth').fill('JWT typed-key');
    await panel.getByRole('button', {name: /send api request/i}).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('DELETE /api/v1/integrations/aws/');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await panel.getByRole('button', {name: /send api request/i}).click();
    await dialog.getByRole('button', {name: 'Send DELETE to the real API'}).click();
    await answerShown(panel);
    // The request declined with Escape never went (it would have gone first).
    expect(sent.map(({method, url}) => `${method} ${url}`)).toEqual([`DELETE ${apiOrigin}/api/v1/integrations/aws/`]);
  });

  test('never sends the reader token from the cookie to the sandbox; a key the reader types goes there', async ({page, context, baseURL}) => {
    const sent = await answerTryItRequests(page);
    await context.addCookies([{name: portalConfig.tokenCookie, value: readerToken, url: baseURL!}]);
    const panel = await openTryIt(page, '/api/reference/targets-list');
    const key = panel.getByPlaceholder('JwtAuth');
    const send = async (count: number) => {
      await panel.getByRole('button', {name: /send api request/i}).click();
      await expect.poll(() => sent.length).toBe(count);
    };
    await expect(panel.locator('.openapi-explorer__server-url')).toHaveText(sandboxOrigin.origin);
    await expect(key).toHaveValue('');
    await expect(panel.getByText('goes to the real API only, never to the sandbox')).toBeVisible();
    await send(1);
    await chooseServer(panel, apiOrigin);
    await expect(key).toHaveValue(`JWT ${readerToken}`);
    await send(2);
    // The selector stays open once used.
    await panel.getByRole('combobox', {name: 'Base URL'}).selectOption(sandboxOrigin.origin);
    await expect(key).toHaveValue('');
    await send(3);
    await key.fill('JWT typed-key');
    await send(4);
    expect(sent.map(({url}) => new URL(url).origin)).toEqual([sandboxOrigin.origin, apiOrigin, sandboxOrigin.origin, sandboxOrigin.origin]);
    // Without a key the theme sends its placeholder, never the token.
    for (const withoutKey of [sent[0], sent[2]]) expect(withoutKey.authorization ?? '').not.toContain(readerToken);
    expect(sent[1].authorization).toBe(`JWT ${readerToken}`);
    expect(sent[3].authorization).toBe('JWT typed-key');
  });

  test('the reader token follows the cookie: replaced, removed, a malformed one refused, a typed key never overwritten', async ({page, context, baseURL}) => {
    const setCookie = (value: string) => context.addCookies([{name: portalConfig.tokenCookie, value, url: baseURL!}]);
    // The reader comes back to the page (the panel checks on focus and when the tab is shown again).
    const returnToPage = () => page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const stored = () => page.evaluate(() => sessionStorage.getItem('JwtAuth'));
    await setCookie(readerToken);
    const panel = await openTryIt(page, '/api/reference/targets-list');
    await chooseServer(panel, apiOrigin);
    const key = panel.getByPlaceholder('JwtAuth');
    await expect(key).toHaveValue(`JWT ${readerToken}`);

    await setCookie(refreshedToken);
    await returnToPage();
    await expect(key).toHaveValue(`JWT ${refreshedToken}`);
    await expect(panel.getByText('Signed in: the key is your reader token')).toBeVisible();

    await context.clearCookies({name: portalConfig.tokenCookie});
    await returnToPage();
    await expect(key).toHaveValue('');
    expect(await stored()).toBeNull();

    // CR/LF would break the Authorization header: never stored, and the panel says why there is no key.
    await setCookie(encodeURIComponent(`${readerToken}\r\nX-Injected: 1`));
    await returnToPage();
    await expect(panel.getByText('Your sign-in left a token that is not a well-formed API key')).toBeVisible();
    await expect(key).toHaveValue('');
    expect(await stored()).toBeNull();

    await key.fill('JWT typed-key');
    await setCookie(readerToken);
    await returnToPage();
    await expect(panel.getByText('Signed in: the key is your reader token')).toHaveCount(0);
    await expect(key).toHaveValue('JWT typed-key');
    // Nor on the next page load (which opens on the sandbox: a typed key goes there too).
    const reopened = await openTryIt(page, '/api/reference/targets-list');
    await expect(reopened.getByPlaceholder('JwtAuth')).toHaveValue('JWT typed-key');
    expect(JSON.parse((await stored())!)).toEqual({apiKey: 'JWT typed-key'});
  });

  test('"Forget my credentials" stops using the reader token in this tab while the cookie stays', async ({page, context, baseURL}) => {
    await context.addCookies([{name: portalConfig.tokenCookie, value: readerToken, url: baseURL!}]);
    const panel = await openTryIt(page, '/api/reference/targets-list');
    await chooseServer(panel, apiOrigin);
    await expect(panel.getByPlaceholder('JwtAuth')).toHaveValue(`JWT ${readerToken}`);
    await panel.getByRole('button', {name: 'Forget my credentials'}).click();
    await expect(panel.getByPlaceholder('JwtAuth')).toHaveValue('');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const reopened = await openTryIt(page, '/api/reference/targets-list');
    await expect(reopened.getByPlaceholder('JwtAuth')).toHaveValue('');
    await expect(reopened.getByText('The reader token from your sign-in is not used in this tab')).toBeVisible();
  });
});
