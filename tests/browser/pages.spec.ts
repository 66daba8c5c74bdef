import {portalConfig} from '../../portal.config';
import {COMPILE_HINT} from '../../src/plugins/compile-hints';
import {PAGE_KINDS} from '../route-table';
import type {Page} from '@playwright/test';
import {ANY_WIDTH_TAG, expect, hydrationPasses, openNavbarDrawer, recordHydrationPasses, test, waitForHydration} from './fixtures';

/** The pages this portal has today, with their titles. */
const PAGES = [
  {path: '/', heading: 'Developer documentation'},
  {path: '/api/overview-api-documentation', heading: 'API overview'},
  {path: '/cli/overview-cli-documentation', heading: 'CLI overview'},
  {path: '/concepts/core-concepts-overview', heading: 'Core concepts'},
  {path: '/concepts/target-concept', heading: 'Targets'},
  {path: '/concepts/scan-concept', heading: 'Scans'},
  {path: '/concepts/finding-concept', heading: 'Findings'},
];

for (const {path, heading} of PAGES) {
  test(`${path} renders its page`, {tag: ANY_WIDTH_TAG}, async ({page}) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(heading);
    await expect(page).toHaveTitle(new RegExp(`^${heading} \\| ${portalConfig.productName}`));
    // Brand tokens are replaced everywhere, never shown raw.
    expect(await page.locator('body').innerText()).not.toMatch(/\{\{\s*\w+\s*\}\}/);
  });
}

test('the welcome page offers a start for API users and for CLI users', async ({page}) => {
  await page.goto('/');
  const cards = page.locator('.portal-card');
  await expect(cards).toHaveCount(2);
  await cards.filter({hasText: 'API'}).first().click();
  await expect(page).toHaveURL(/\/api\/overview-api-documentation$/);
});

test('concept diagrams render as pictures', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await page.goto('/concepts/scan-concept');
  await waitForHydration(page);
  await page.locator('.portal-diagram-placeholder').first().scrollIntoViewIfNeeded();
  await expect(page.locator('.docusaurus-mermaid-container svg').first()).toBeVisible();
  await expect(page.locator('.docusaurus-mermaid-container svg').first()).toContainText('paused');
});

test('an unknown path shows the not-found page with status 404', async ({page, allowConsoleErrors}) => {
  allowConsoleErrors(/Failed to load resource: the server responded with a status of 404/);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
  await expect(page.getByRole('navigation', {name: 'Main'})).toBeVisible();
});

test('the table of contents lists heading levels 2 and 3 only', async ({page}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the desktop table of contents');
  await page.goto('/concepts/scan-concept');
  const article = page.locator('article');
  const expected = await article.locator('h2, h3').evaluateAll((headings) => headings.map((h) => h.id));
  expect(await article.locator('h4').count(), 'the page has deeper headings to leave out').toBeGreaterThan(0);
  const listed = await page
    .locator('.table-of-contents a')
    .evaluateAll((links) => links.map((a) => decodeURIComponent((a as HTMLAnchorElement).hash.slice(1))));
  expect(listed).toEqual(expected);
});

test('the colour mode is light only, whatever the system prefers', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await page.emulateMedia({colorScheme: 'dark'});
  await page.goto('/concepts/target-concept');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', {name: /dark mode|light mode|system mode/i})).toHaveCount(0);
});

test('a diagram below the fold loads its code only when the reader scrolls to it', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await page.goto('/');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const scriptsAfterLoad: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scriptsAfterLoad.push(request.url()));
  await expect(page.locator('.docusaurus-mermaid-container')).toHaveCount(0);
  await page.locator('.portal-diagram-placeholder').scrollIntoViewIfNeeded();
  await expect(page.locator('.docusaurus-mermaid-container svg')).toBeVisible();
  expect(scriptsAfterLoad.length).toBeGreaterThan(0);
});

test('a tutorial becomes interactive: a sample tab answers', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await page.goto('/api/tutorials/scans/start-a-scan');
  await waitForHydration(page);
  const samples = page.locator('article .tabs-container').first();
  await samples.getByRole('tab', {name: 'Go'}).click();
  await expect(samples.getByRole('tabpanel')).toContainText('package main');
});

test('code blocks keep the markup the server wrote when the page becomes interactive', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  // Marks every code block of the server's HTML, before the page's scripts run.
  await page.addInitScript(() =>
    document.addEventListener('readystatechange', () => {
      // Parsed, before the deferred scripts run.
      if (document.readyState !== 'interactive') return;
      document.querySelectorAll('article pre').forEach((pre) => ((pre as HTMLElement & {fromServer?: boolean}).fromServer = true));
    }),
  );
  await page.goto('/api/reference/targets-list');
  await waitForHydration(page);
  const kept = await page
    .locator('article pre')
    .evaluateAll((blocks) =>
      blocks.filter((pre) => !pre.closest('.tabs-container')).map((pre) => Boolean((pre as HTMLElement & {fromServer?: boolean}).fromServer)),
    );
  expect(kept.length, 'code blocks outside tabs').toBeGreaterThan(0);
  expect(kept, 'each still the element the server wrote, not a copy rendered again').not.toContain(false);
});

// Tokenizing every block again while the page hydrates, to build the same spans, was most of a tutorial's hydration.
test(
  'code blocks keep the tokens the server highlighted while the page hydrates, and a page reached by a link highlights its own',
  {tag: ANY_WIDTH_TAG},
  async ({page}) => {
    await page.addInitScript(() =>
      document.addEventListener('readystatechange', () => {
        // Parsed, before the deferred scripts run.
        if (document.readyState !== 'interactive') return;
        (window as unknown as {serverTokens: Element[]}).serverTokens = Array.from(document.querySelectorAll('article pre .token')).filter(
          (token) => !token.closest('.tabs-container'),
        );
      }),
    );
    await page.goto('/api/tutorials/scans/start-a-scan');
    await waitForHydration(page);
    const tokens = await page.evaluate(() => {
      const server = (window as unknown as {serverTokens: Element[]}).serverTokens;
      // Tabs are mounted again once the page is interactive, to show the sample language the reader chose (the theme's Tabs).
      const now = Array.from(document.querySelectorAll('article pre .token')).filter((token) => !token.closest('.tabs-container'));
      return {server: server.length, now: now.length, replaced: now.filter((token, index) => token !== server[index]).length};
    });
    expect(tokens.server, "the server's tokens").toBeGreaterThan(100);
    expect(tokens).toEqual({server: tokens.server, now: tokens.server, replaced: 0});
    // Nothing was tokenized, so the languages are not loaded yet (src/theme/prism-include-languages).
    const goLoaded = () => page.evaluate(() => 'go' in (window as unknown as {Prism: {languages: object}}).Prism.languages);
    expect(await goLoaded(), 'Go loaded').toBe(false);
    // The page works on them: a sample tab answers.
    const samples = page.locator('article .tabs-container').first();
    await samples.getByRole('tab', {name: 'Go'}).click();
    await expect(samples.getByRole('tabpanel')).toContainText('package main');

    // Rendered in the browser after a navigation, a page's blocks are tokenized there.
    await page.locator('article').getByRole('link', {name: 'Check whether a scan has completed'}).first().click();
    await expect(page.locator('h1')).toHaveText('Check whether a scan has completed');
    const rendered = page.locator('article pre').first();
    await expect(rendered.locator('.token-line').first()).toBeVisible();
    expect(await rendered.locator('.token').count(), 'tokens of the first block').toBeGreaterThan(5);
    expect(await goLoaded(), 'Go loaded once a block was tokenized').toBe(true);
  },
);

// The browser's renderer (Preact, src/plugins/preact-dom) takes over the server's markup rather than writing the page
// again, and leaves the layout's elements where they are: moving them made the browser lay the page out again. The docs
// sidebar stays too on a phone, where the theme removed it on hydrating (src/theme/DocSidebar).
test('every page kind keeps the elements the server wrote, in place, when it becomes interactive', async ({page, allowConsoleErrors}) => {
  test.slow(); // thirteen pages
  allowConsoleErrors(/status of 404/);
  const landmarks = ['h1', 'nav.navbar', 'main', 'footer', 'aside.theme-doc-sidebar-container .theme-doc-sidebar-menu', 'article pre'];
  type Recorded = {fromServer: (Element | null)[]; moved: string[]};
  await page.addInitScript((selectors) => {
    document.addEventListener('readystatechange', () => {
      // Parsed, before the deferred scripts run.
      if (document.readyState !== 'interactive') return;
      const recorded = window as unknown as Recorded;
      recorded.fromServer = selectors.map((selector) => document.querySelector(selector));
      recorded.moved = [];
      // An element taken out of the root and put back is a move; one removed for good is not.
      new MutationObserver((records) => {
        for (const node of records.flatMap((record) => Array.from(record.removedNodes))) {
          if (node instanceof Element && node.isConnected) recorded.moved.push(`${node.tagName.toLowerCase()}.${node.classList[0] ?? ''}`);
        }
      }).observe(document.getElementById('__docusaurus')!, {childList: true});
    });
  }, landmarks);
  for (const path of Object.values(PAGE_KINDS)) {
    await page.goto(path);
    await waitForHydration(page);
    const {replaced, moved} = await page.evaluate((selectors) => {
      const recorded = window as unknown as Recorded;
      return {replaced: selectors.filter((selector, index) => recorded.fromServer[index] !== document.querySelector(selector)), moved: recorded.moved};
    }, landmarks);
    expect({path, replaced, moved}).toEqual({path, replaced: [], moved: []});
  }
});

// Hydrating a page in one task made one long task on a phone: the shell hydrates first, then its parts (the navbar,
// the sidebar, the content and each code block and group of tabs in it, the table of contents, the footer), as many in
// a task as fit a short slice (src/plugins/deferred-hydration).
test('each part sees "is browser" false as it hydrates, as the server did, then true: sidebar categories drop the link written for readers without script', async ({
  page,
}) => {
  await page.goto('/concepts/scan-concept');
  // A category without a page of its own: the server links it to its first page, the browser to nothing ("#").
  const categories = page.locator('.theme-doc-sidebar-menu a.menu__link--sublist[role=button]');
  expect(await categories.count()).toBeGreaterThan(3);
  await waitForHydration(page);
  // A part that hydrated seeing "is browser" true kept the server's attribute (hydrating keeps attributes).
  await expect.poll(() => categories.evaluateAll((links) => links.map((link) => link.getAttribute('href')).filter((href) => href !== '#'))).toEqual([]);
});

test('a page becomes interactive in parts, the shell first, and every part answers once hydrated', async ({page}, testInfo) => {
  // Present at both widths: the announcement bar's button hydrates with the shell; the others each in a part of its own
  // (the navbar, the tutorial's content), after it.
  const parts = {
    'announcement bar (shell)': '.theme-announcement-bar button',
    'navbar menu button': 'nav.navbar button.navbar__toggle',
    'sample tabs': 'article .tabs-container [role="tab"]',
    'copy button': 'article .theme-code-block button',
  };
  await page.addInitScript(recordHydrationPasses, {elements: parts, passes: {shell: '#__docusaurus'}});
  await page.goto(PAGE_KINDS.tutorial);
  await waitForHydration(page);
  const {afterPass, now} = await hydrationPasses(page);
  expect(afterPass.shell, "hydrated by the shell's pass").toEqual({
    'announcement bar (shell)': true,
    'navbar menu button': false,
    'sample tabs': false,
    'copy button': false,
  });
  expect(now, 'hydrated once every part has').toEqual(Object.fromEntries(Object.keys(parts).map((name) => [name, true])));
  // The content: a group of tabs, and a code block's copy button.
  const samples = page.locator('article .tabs-container').first();
  await samples.getByRole('tab', {name: 'Go'}).click();
  await expect(samples.getByRole('tabpanel')).toContainText('package main');
  const block = page.locator('article .theme-code-block').first();
  await block.hover();
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect(block.getByRole('button', {name: 'Copied'})).toBeVisible();
  if (testInfo.project.name === 'desktop') {
    // The sidebar folds away.
    await page.getByRole('button', {name: 'Collapse sidebar', exact: true}).click();
    await expect(page.locator('aside.theme-doc-sidebar-container nav.menu')).toBeHidden();
  } else {
    // The navbar: its menu button opens the drawer.
    await openNavbarDrawer(page);
  }
  // The navbar's search opens.
  if (testInfo.project.name === 'desktop') {
    await page.getByRole('button', {name: /^Search/}).click();
    await expect(page.locator('.DocSearch-Modal')).toBeVisible();
  }
});

// Which parts wait: the shell's pass hydrates the site's frame alone (the providers, the announcement bar). The navbar
// and a docs page's frame hydrate after it; in the frame the sidebar and the breadcrumbs, and in the sidebar each
// category, are parts of their own (src/theme/*).
test("the shell's pass hydrates the site's frame alone; the docs frame, its sidebar, each sidebar category and the breadcrumbs hydrate each in a later pass", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', "the desktop's sidebar");
  const elements = {
    'announcement bar (shell)': '.theme-announcement-bar button',
    navbar: 'nav.navbar .navbar__brand',
    'docs frame': 'aside.theme-doc-sidebar-container',
    sidebar: 'aside.theme-doc-sidebar-container button[title="Collapse sidebar"]',
    'first sidebar category': '.theme-doc-sidebar-menu .theme-doc-sidebar-item-category .menu__link',
    'last sidebar category': '.theme-doc-sidebar-menu .theme-doc-sidebar-item-category:last-child .menu__link',
    breadcrumbs: 'nav.theme-doc-breadcrumbs a',
  };
  // Where a pass begins: the first element in it to get a listener.
  const passes = {shell: '#__docusaurus', 'docs frame': 'aside.theme-doc-sidebar-container', sidebar: '.theme-doc-sidebar-menu'};
  await page.addInitScript(recordHydrationPasses, {elements, passes});
  await page.goto(PAGE_KINDS.concept);
  await waitForHydration(page);
  const {afterPass, now} = await hydrationPasses(page);
  expect(afterPass.shell, "hydrated by the shell's pass").toEqual({
    'announcement bar (shell)': true,
    navbar: false,
    'docs frame': false,
    sidebar: false,
    'first sidebar category': false,
    'last sidebar category': false,
    breadcrumbs: false,
  });
  expect(afterPass['docs frame'], "hydrated once the docs frame's pass has ended").toMatchObject({
    'docs frame': true,
    sidebar: false,
    'first sidebar category': false,
    'last sidebar category': false,
    breadcrumbs: false,
  });
  expect(afterPass.sidebar, "hydrated once the sidebar's pass has ended").toMatchObject({
    sidebar: true,
    'first sidebar category': false,
    'last sidebar category': false,
  });
  expect(now, 'hydrated once every part has').toEqual(Object.fromEntries(Object.keys(elements).map((name) => [name, true])));
});

test('a link followed while parts still wait to hydrate leads to a page that answers, and leaves no part waiting', async ({page}, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // As soon as the page's "Next" link has hydrated, while other parts still wait: follow it. A link clicked before it
  // hydrates would load the next page from the server instead.
  await page.addInitScript(() => {
    // Once the pass that hydrates the link has ended.
    const follow = (next: HTMLAnchorElement) =>
      queueMicrotask(() => {
        const title = document.querySelector('article h1')?.textContent;
        Object.assign(window, {followed: {href: next.getAttribute('href'), title, partsWaiting: document.documentElement.dataset.partsHydrated === 'false'}});
        next.click();
      });
    const addEventListener = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
      addEventListener.apply(this, args);
      if (args[0] !== 'click' || 'followed' in window || !(this instanceof HTMLAnchorElement && this.matches('a.pagination-nav__link--next'))) return;
      Object.assign(window, {followed: null});
      follow(this);
    };
  });
  await page.goto(PAGE_KINDS.tutorial);
  type Followed = {href: string; title: string; partsWaiting: boolean};
  const followed = (await page.waitForFunction(() => (window as unknown as {followed?: Followed}).followed).then((handle) => handle.jsonValue())) as Followed;
  expect(followed.partsWaiting, 'parts waiting when the link was followed').toBe(true);
  await expect(page).toHaveURL(new RegExp(`${followed.href}$`));
  // Every part that left with the first page stops being waited for, and those that stayed hydrate.
  await waitForHydration(page);
  await expect(page.locator('article h1')).not.toHaveText(followed.title);
  const samples = page.locator('article .tabs-container').first();
  await samples.getByRole('tab', {name: 'Python'}).click();
  await expect(samples.getByRole('tab', {name: 'Python'})).toHaveAttribute('aria-selected', 'true');
  const block = page.locator('article .theme-code-block').first();
  await block.hover();
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect(block.getByRole('button', {name: 'Copied'})).toBeVisible();
  if (testInfo.project.name === 'desktop') {
    // The sidebar, which stayed on the page, marks the page followed and folds away.
    await expect(page.locator(`aside.theme-doc-sidebar-container a[href="${followed.href}"]`)).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', {name: 'Collapse sidebar', exact: true}).click();
    await expect(page.locator('aside.theme-doc-sidebar-container nav.menu')).toBeHidden();
  } else {
    await openNavbarDrawer(page);
  }
  expect(errors).toEqual([]);
});

/** The lazy chunks (named by id, src/plugins/chunk-filenames) the page requests as scripts from now on, as they come. */
function chunkRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const file = /\/assets\/js\/(\d+\.[0-9a-f]+\.js)$/.exec(request.url())?.[1];
    if (file && request.resourceType() === 'script') requested.push(file);
  });
  return requested;
}

async function carriesCompileHint(page: Page, file: string): Promise<boolean> {
  return (await (await page.request.get(`/assets/js/${file}`)).text()).startsWith(`${COMPILE_HINT}\n`);
}

// The search page without a query: with one, it also loads the search engine's chunks as it hydrates.
for (const route of [PAGE_KINDS.home, PAGE_KINDS.concept, PAGE_KINDS['operation page'], PAGE_KINDS['CLI reference'], '/search']) {
  test(`${route}: each chunk its route needs as it hydrates carries V8's compile hint (src/plugins/compile-hints)`, {tag: ANY_WIDTH_TAG}, async ({page}) => {
    const requested = chunkRequests(page);
    await page.goto(route);
    await waitForHydration(page);
    expect(requested.length, 'chunks requested until hydrated').toBeGreaterThan(0);
    for (const file of requested) expect(await carriesCompileHint(page, file), file).toBe(true);
  });
}

test("the search modal's chunks, imported once a reader opens it, carry no compile hint", {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await page.goto(PAGE_KINDS.concept);
  await waitForHydration(page);
  const requested = chunkRequests(page);
  await page.keyboard.press('Control+k');
  await expect(page.locator('.DocSearch-Modal')).toBeVisible();
  expect(requested.length, 'chunks requested by the modal').toBeGreaterThan(0);
  for (const file of requested) expect(await carriesCompileHint(page, file), file).toBe(false);
});
