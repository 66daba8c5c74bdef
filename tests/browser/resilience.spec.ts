import type {Page} from '@playwright/test';
import {ANY_WIDTH_TAG, denyStorage, expect, test, waitForHydration} from './fixtures';

/** Page chunks: everything but the entry point and its runtime. */
const PAGE_CHUNK = /\/assets\/js\/(?!main\.|runtime~main\.)[^/]+\.js$/;

type Connection = {effectiveType: string; saveData: boolean};

/** Makes the browser report this kind of connection (Docusaurus reads navigator.connection). */
async function emulateConnection(page: Page, connection: Connection): Promise<void> {
  await page.addInitScript((value) => Object.defineProperty(navigator, 'connection', {value, configurable: true}), connection);
}

/** With data saving on, nothing is prefetched: a navigation must fetch its chunks then. */
const DATA_SAVING: Connection = {effectiveType: '4g', saveData: true};

/** The "Next" link at the bottom of a doc page, present at every width. */
const nextPage = (page: Page) => page.locator('a.pagination-nav__link--next');

test('every page works when browser storage throws, and a warning is logged', {tag: ANY_WIDTH_TAG}, async ({page, consoleWarnings}) => {
  await denyStorage(page);
  await page.goto('/concepts/scan-concept');
  await waitForHydration(page);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Scans');
  await page.getByRole('button', {name: 'Close'}).click();
  await expect(page.locator('.theme-announcement-bar')).toBeHidden();
  await nextPage(page).click();
  await expect(page).toHaveURL(/finding-concept$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Findings');
  expect(consoleWarnings.join('\n')).toMatch(/storage is not available/i);
});

test('a crash shows the fallback with the error chain, and "Try again" recovers', {tag: ANY_WIDTH_TAG}, async ({page, allowConsoleErrors}) => {
  allowConsoleErrors(/Simulated render failure/);
  await page.goto('/concepts/scan-concept');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  // Make a browser API throw while React renders the next page: a real crash, no test page shipped.
  await page.evaluate(() => {
    Object.defineProperty(window, 'innerWidth', {
      configurable: true,
      get() {
        throw new Error('Simulated render failure', {cause: new Error('Window size unavailable')});
      },
    });
    document.querySelector<HTMLAnchorElement>('a.pagination-nav__link--next')!.click();
  });
  await expect(page.getByRole('heading', {name: 'This page crashed.'})).toBeVisible({timeout: 15_000});
  await expect(page.getByText('Simulated render failure')).toBeVisible();
  await expect(page.getByText('Window size unavailable')).toBeVisible();
  await page.evaluate(() => delete (window as {innerWidth?: number}).innerWidth);
  await page.getByRole('button', {name: 'Try again'}).click();
  await expect(page.getByRole('heading', {name: 'This page crashed.'})).toBeHidden();
  await expect(page.getByRole('navigation', {name: 'Main'})).toBeVisible();
});

test('a page chunk that fails on first load shows its error and a working Retry', {tag: ANY_WIDTH_TAG}, async ({page, allowConsoleErrors}) => {
  allowConsoleErrors(/Failed to load resource|Page chunk failed to load|ChunkLoadError|onRecoverableError/);
  let failChunks = true;
  await page.route(PAGE_CHUNK, (route) => (failChunks ? route.abort() : route.continue()));
  await page.goto('/concepts/target-concept');
  const retry = page.getByRole('button', {name: 'Retry'});
  await expect(retry.first()).toBeVisible();
  await expect(page.getByText(/ChunkLoadError: Loading chunk .* failed/).first()).toBeVisible();
  failChunks = false;
  // Each Retry loads the next level of the page that failed before; on a busy machine a level may take a while.
  await expect(async () => {
    if ((await retry.count()) > 0) await retry.first().click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Targets', {timeout: 1000});
  }).toPass({timeout: 20_000});
});

test('a page chunk that fails during navigation reloads the page', {tag: ANY_WIDTH_TAG}, async ({page, allowConsoleErrors}) => {
  allowConsoleErrors(/Failed to load resource|ChunkLoadError/);
  await emulateConnection(page, DATA_SAVING);
  await page.goto('/concepts/scan-concept');
  await waitForHydration(page);
  // Let the page's own lazy chunks (diagrams) finish first, so only the navigation's chunk fails.
  await page.waitForLoadState('networkidle');
  // Every page chunk fails until the browser reloads the document.
  let reloading = false;
  let aborted = 0;
  page.on('request', (request) => request.resourceType() === 'document' && (reloading = true));
  await page.route(PAGE_CHUNK, (route) => (reloading ? route.continue() : (aborted++, route.abort())));
  const reload = page.waitForEvent('load');
  await nextPage(page).click();
  await reload;
  expect(aborted).toBeGreaterThan(0);
  await expect(page).toHaveURL(/finding-concept$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Findings');
});

test('the progress bar appears when a route change is slow', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await emulateConnection(page, DATA_SAVING);
  await page.goto('/concepts/scan-concept');
  await waitForHydration(page);
  await page.route(PAGE_CHUNK, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await nextPage(page).click();
  await expect(page.locator('#nprogress .bar')).toBeVisible();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Findings');
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

test('no progress bar when a route change is fast', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await page.goto('/concepts/scan-concept');
  await waitForHydration(page);
  // Visit the next page once, so its chunks are in memory and the measured change is fast on any machine.
  await nextPage(page).click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Findings');
  await page.goBack();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Scans');
  let barSeen = false;
  await page.exposeFunction('reportBar', () => (barSeen = true));
  await page.evaluate(() => {
    new MutationObserver(() => document.getElementById('nprogress') && (window as unknown as {reportBar(): void}).reportBar()).observe(document.body, {
      childList: true,
    });
  });
  await nextPage(page).click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Findings');
  await page.waitForTimeout(300);
  expect(barSeen).toBe(false);
});

/** Page chunks requested after the page settled, once the "Next" link scrolls into view. */
async function chunksFetchedForNextPage(page: Page): Promise<string[]> {
  await page.goto('/concepts/scan-concept');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const chunks: string[] = [];
  page.on('request', (request) => PAGE_CHUNK.test(request.url()) && chunks.push(request.url()));
  await nextPage(page).scrollIntoViewIfNeeded();
  await nextPage(page).hover();
  await page.waitForTimeout(700);
  return chunks;
}

for (const connection of [{effectiveType: '2g', saveData: false}, {effectiveType: 'slow-2g', saveData: false}, DATA_SAVING]) {
  test(
    `links are not prefetched on ${connection.saveData ? 'data saving' : `a ${connection.effectiveType} connection`}`,
    {tag: ANY_WIDTH_TAG},
    async ({page}) => {
      await emulateConnection(page, connection);
      expect(await chunksFetchedForNextPage(page)).toEqual([]);
    },
  );
}

test('links are prefetched on a fast connection', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await emulateConnection(page, {effectiveType: '4g', saveData: false});
  expect((await chunksFetchedForNextPage(page)).length).toBeGreaterThan(0);
});

test('prefetching waits for idle time: a link coming into view adds no prefetch in that task', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await emulateConnection(page, {effectiveType: '4g', saveData: false});
  await page.goto('/concepts/scan-concept');
  await waitForHydration(page);
  const {during, after} = await page.evaluate(async () => {
    const count = () => document.querySelectorAll('link[rel="prefetch"]').length;
    const before = count();
    // What Link does when an internal link comes into view.
    void (window as unknown as {docusaurus: {prefetch(path: string): unknown}}).docusaurus.prefetch('/api/reference/targets-list');
    const during = count() - before;
    await new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300)));
    return {during, after: count() - before};
  });
  expect(during, 'prefetches added by the call itself').toBe(0);
  expect(after, 'prefetches added once the page is idle').toBeGreaterThan(0);
});

test('prefetching waits while the search modal is open, and goes on once it closes', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await emulateConnection(page, {effectiveType: '4g', saveData: false});
  await page.goto('/concepts/scan-concept');
  await waitForHydration(page);
  await page.keyboard.press('Control+k');
  await expect(page.locator('.DocSearch-Modal')).toBeVisible();
  // The route's own prefetch, followed by its promise: links other queued routes add would say nothing about it.
  const settledWhileOpen = await page.evaluate(async () => {
    const state = window as unknown as {docusaurus: {prefetch(path: string): Promise<unknown>}; prefetchSettled?: boolean};
    state.prefetchSettled = false;
    void state.docusaurus.prefetch('/api/reference/targets-list').finally(() => (state.prefetchSettled = true));
    await new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300)));
    return state.prefetchSettled;
  });
  expect(settledWhileOpen, 'the prefetch asked for while the modal is open has run').toBe(false);
  await page.keyboard.press('Escape');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as {prefetchSettled: boolean}).prefetchSettled), {
      message: 'the waiting prefetch, once the modal closed',
      timeout: 15_000,
    })
    .toBe(true);
});

test('prefetching takes one route per idle period, however long the period', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await emulateConnection(page, {effectiveType: '4g', saveData: false});
  // Idle periods on demand, each as long as a browser gives (50 ms) and none of it used up by the prefetch: the
  // page's idle callbacks (only the prefetching asks for them) wait until the test runs them.
  await page.addInitScript(() => {
    const idleCallbacks: (() => void)[] = [];
    (window as unknown as {idleCallbacks: typeof idleCallbacks}).idleCallbacks = idleCallbacks;
    window.requestIdleCallback = (callback) => idleCallbacks.push(() => callback({didTimeout: false, timeRemaining: () => 50}));
  });
  await page.goto('/concepts/scan-concept');
  await waitForHydration(page);
  const routes = ['/api/reference/targets-list', '/api/reference/scans-list', '/cli/reference/findings', '/api/tutorials/findings/list-findings'];
  const {idlePeriods, prefetched} = await page.evaluate((paths) => {
    const {idleCallbacks} = window as unknown as {idleCallbacks: (() => void)[]};
    const runIdlePeriods = () => {
      let periods = 0;
      for (let next = idleCallbacks.shift(); next; next = idleCallbacks.shift(), periods++) next();
      return periods;
    };
    runIdlePeriods(); // the links the page has in view
    const count = () => document.querySelectorAll('link[rel="prefetch"]').length;
    const before = count();
    for (const path of paths) void (window as unknown as {docusaurus: {prefetch(path: string): unknown}}).docusaurus.prefetch(path);
    return {idlePeriods: runIdlePeriods(), prefetched: count() - before};
  }, routes);
  expect(prefetched, 'prefetch links added').toBeGreaterThan(0);
  expect(idlePeriods, 'idle periods taken').toBe(routes.length);
});
