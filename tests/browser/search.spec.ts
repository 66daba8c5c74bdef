/**
 * Site search on the local index, as a reader meets it: the modal (keys,
 * start screen with recent and favourite searches, results, no-results and
 * error screens, limits) and the /search page: at desktop and mobile widths
 * where the layout plays a part, at the desktop's alone where it does not.
 */
import type {Page, Route} from '@playwright/test';
import {portalDefaults} from '../../portal.config';
import {
  LOCAL_INDEX_PATH,
  MAX_QUERY_LENGTH,
  MAX_SUGGESTIONS,
  RECENT_SEARCHES,
  RECENT_SEARCHES_WITH_FAVORITES,
  RESULTS_PER_GROUP,
  SEARCH_TEXTS,
  SNIPPET_WORDS,
  SNIPPET_WORDS_NARROW,
} from '../../src/shared/search/settings';
import {ANSWER_MEASURE} from '../../src/shared/search/local-client';
import {ANY_WIDTH_TAG, denyStorage, expect, test, waitForHydration} from './fixtures';

const INDEX = `**/${LOCAL_INDEX_PATH}`;
const RECENT_KEY = '__DOCSEARCH_RECENT_SEARCHES__local';
const FAVORITE_KEY = '__DOCSEARCH_FAVORITE_SEARCHES__local';
const modal = (page: Page) => page.locator('.DocSearch-Modal');
const input = (page: Page) => page.locator('.DocSearch-Input');
const hits = (page: Page) => page.locator('.DocSearch-Hits .DocSearch-Hit');
/** The words the hits shown mark as matching: those of the query they answer. */
const markedWords = (page: Page) => page.locator('.DocSearch-Hits mark');
const SHARDS = '**/search/records-*.json';

/** Counts the local client's answers (its performance measure) in the page, from the first script on. */
async function observeAnswers(page: Page): Promise<void> {
  await page.addInitScript((name) => {
    const counter = window as {__answers?: number};
    counter.__answers = 0;
    new PerformanceObserver((list) => (counter.__answers! += list.getEntriesByName(name).length)).observe({type: 'measure'});
  }, ANSWER_MEASURE);
}
const answers = (page: Page) => page.evaluate(() => (window as {__answers?: number}).__answers ?? 0);

/** The record shards the page requests, by path, from the first search on; each is served `delayMs` late. */
async function recordShardRequests(page: Page, delayMs = 0): Promise<string[]> {
  const requested: string[] = [];
  await page.route(SHARDS, async (route) => {
    requested.push(new URL(route.request().url()).pathname);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fallback();
  });
  return requested;
}

/** Holds the index back until `release` is called: every search asked meanwhile waits for it. */
async function holdIndex(page: Page): Promise<{release: () => void}> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(INDEX, async (route: Route) => {
    await held;
    await route.fallback();
  });
  return {release};
}

/** Records each screen the modal paints, sampled every frame from the first script on: "no results", or its hits' titles, one a line. */
async function observeScreens(page: Page): Promise<void> {
  await page.addInitScript((noResults) => {
    const screens: string[] = [];
    (window as {__screens?: string[]}).__screens = screens;
    const sample = () => {
      const screen = document.querySelector('.DocSearch-NoResults')
        ? noResults
        : Array.from(document.querySelectorAll<HTMLElement>('.DocSearch-Hits .DocSearch-Hit-title'))
            .map((title) => title.innerText)
            .join('\n');
      if (screen && screens[screens.length - 1] !== screen) screens.push(screen);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, 'no results');
}
const screens = (page: Page) => page.evaluate(() => (window as {__screens?: string[]}).__screens ?? []);
const hitTitles = (page: Page) => page.locator('.DocSearch-Hits .DocSearch-Hit-title').allInnerTexts();

async function openPage(page: Page, path = '/concepts/scan-concept'): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** Opens the modal with a shortcut, once the page is interactive (openPage waits for that). */
async function openWith(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await expect(modal(page)).toBeVisible();
}

async function search(page: Page, query: string): Promise<void> {
  if (!(await modal(page).isVisible())) await page.locator('.DocSearch-Button').click();
  await input(page).fill(query);
}

/** Markup in indexed text: the scans concept page's title and its section's name, as the index could hold them. */
const MARKUP = '<img src=x onerror="window.__injected=1">';
const MARKUP_SECTION = `Concepts & <b onmouseover="window.__injected=3">"core"</b> 'ideas'`;

async function markupInIndex(page: Page): Promise<void> {
  await page.route(INDEX, async (route) => {
    const index = await (await route.fetch()).json();
    const changed: Record<string, string> = {Scans: `Scans ${MARKUP}<script>window.__injected=2</script>`, Concepts: MARKUP_SECTION};
    index.strings = index.strings.map((value: string) => changed[value] ?? value);
    await route.fulfill({json: index});
  });
}

/** A stored search as DocSearch keeps it. */
const stored = (title: string) => ({
  objectID: title,
  type: 'lvl1',
  url: '/concepts/scan-concept',
  content: null,
  hierarchy: {lvl0: 'Concepts', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
});

/** Holds the page's entry script (main.js) until `release` is called: the page is on screen, none of its own scripts has run. */
async function holdEntryScript(page: Page): Promise<{release: () => void}> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route: Route) => {
    await held;
    await route.fallback();
  });
  return {release};
}

async function seedStorage(page: Page, values: Record<string, unknown>): Promise<void> {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
  }, values);
}

test.describe('the search modal', () => {
  test('opens with Ctrl+K, Cmd+K and "/", and closes with Escape', async ({page}) => {
    await openPage(page);
    for (const key of ['Control+k', 'Meta+k', 'Slash']) {
      await openWith(page, key);
      await expect(input(page)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(modal(page)).toBeHidden();
      // Closing gives the focus back to the search button, where "/" is not a shortcut: once it has, it is taken away.
      await expect(page.locator('.DocSearch-Button')).toBeFocused();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    }
  });

  test('"/" typed in an input is text, not the shortcut', {tag: ANY_WIDTH_TAG}, async ({page}) => {
    await openPage(page, '/search');
    const field = page.getByRole('searchbox', {name: 'Search the documentation'});
    await field.click();
    await page.keyboard.type('a/b');
    await expect(field).toHaveValue('a/b');
    await expect(modal(page)).toBeHidden();
  });

  test('loads the index as search opens, once, never with the page', {tag: ANY_WIDTH_TAG}, async ({page}) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const indexRequests = () => requests.filter((url) => url.includes(LOCAL_INDEX_PATH));
    await openPage(page);
    await page.locator('.DocSearch-Button').hover();
    expect(indexRequests()).toEqual([]);
    await page.locator('.DocSearch-Button').click();
    await expect(modal(page)).toBeVisible();
    // Before the first keystroke, so that keystroke meets a loaded engine.
    await expect.poll(indexRequests).toHaveLength(1);
    await input(page).fill('scan');
    await expect(hits(page).first()).toBeVisible();
    expect(indexRequests()).toHaveLength(1);
  });

  test('finds the operation a reader names, groups results with at most 5 per group, and opens a hit', async ({page, isMobile}) => {
    await openPage(page);
    await search(page, 'create target');
    await expect(hits(page).first()).toContainText(/creates? a target/i);
    for (const group of await page.locator('.DocSearch-Hits').all()) {
      expect(await group.locator('.DocSearch-Hit').count()).toBeLessThanOrEqual(RESULTS_PER_GROUP);
    }
    // Snippets of 10 words, 5 on narrow screens (an ellipsis may stand at either end).
    const words = isMobile ? SNIPPET_WORDS_NARROW : SNIPPET_WORDS;
    for (const title of await page.locator('.DocSearch-Hit-title').allInnerTexts()) {
      expect(title.replace(/…/g, ' ').trim().split(/\s+/).length, title).toBeLessThanOrEqual(words);
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/api\/reference\/targets-create$/);
    await expect(modal(page)).toBeHidden();
  });

  test('finds a reference field by its exact name', {tag: ANY_WIDTH_TAG}, async ({page}) => {
    await openPage(page);
    await search(page, 'include_subdomains');
    await expect(hits(page).first()).toBeVisible();
    await expect(page.locator('.DocSearch-Hit a').first()).toHaveAttribute('href', /\/api\/reference\/domains/);
    await expect(page.locator('.DocSearch-Hits mark', {hasText: 'include_subdomains'}).first()).toBeVisible();
  });

  test('forgives a typo', {tag: ANY_WIDTH_TAG}, async ({page}) => {
    await openPage(page);
    await search(page, 'creat targt');
    await expect(page.locator('.DocSearch-Hit a[href="/api/reference/targets-create"]').first()).toBeVisible();
  });

  test('says when nothing matches and links the help centre with the query', {tag: ANY_WIDTH_TAG}, async ({page}) => {
    await openPage(page);
    await search(page, 'qqzzxxyy');
    await expect(page.locator('.DocSearch-NoResults')).toContainText(`${SEARCH_TEXTS.noResults} "qqzzxxyy"`);
    await expect(page.locator('.DocSearch-NoResults')).toContainText(SEARCH_TEXTS.reportMissing);
    const report = page.getByRole('link', {name: SEARCH_TEXTS.reportMissingLink});
    expect(await report.getAttribute('href')).toBe(`${portalDefaults.helpUrl}/?missing-search-results=qqzzxxyy`);
  });

  test('suggests at most 3 searches when nothing matches, each searching for itself', {tag: ANY_WIDTH_TAG}, async ({page}) => {
    await openPage(page);
    // DocSearch suggests the site sections (lvl0) of the results it showed earlier in the same session.
    await search(page, 'scan');
    await expect(hits(page).first()).toBeVisible();
    await input(page).fill('qqzzxxyy');
    const noResults = page.locator('.DocSearch-NoResults');
    await expect(noResults).toContainText(`${SEARCH_TEXTS.noResults} "qqzzxxyy"`);
    await expect(noResults).toContainText(`${SEARCH_TEXTS.suggestions}:`);
    const suggestions = noResults.locator('button.DocSearch-Prefill');
    await expect(suggestions.first()).toBeVisible();
    expect(await suggestions.count()).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    const texts = await suggestions.allInnerTexts();
    expect(new Set(texts).size, 'each suggestion once').toBe(texts.length);
    await suggestions.first().click();
    await expect(input(page)).toHaveValue(`${texts[0].toLowerCase()} `);
    await expect(hits(page).first()).toBeVisible();
    await expect(input(page)).toBeFocused();
  });

  test('shows the error screen when the index cannot be loaded, and recovers on the next keystroke', async ({page, allowConsoleErrors}) => {
    allowConsoleErrors(/Failed to load resource|RetryError|search\/index\.json/);
    let fail = true;
    await page.route(INDEX, (route) => (fail ? route.abort('internetdisconnected') : route.fallback()));
    await openPage(page);
    await search(page, 'scan');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText(SEARCH_TEXTS.errorTitle);
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText(SEARCH_TEXTS.errorHelp);
    // Spaced from the input as the no-results screen is.
    const inputBottom = await page.locator('.DocSearch-SearchBar').evaluate((bar) => bar.getBoundingClientRect().bottom);
    const iconTop = await page.locator('.DocSearch-ErrorScreen .DocSearch-Screen-Icon').evaluate((icon) => icon.getBoundingClientRect().top);
    expect(iconTop - inputBottom).toBeGreaterThanOrEqual(16);
    fail = false;
    await input(page).press('s');
    await expect(hits(page).first()).toBeVisible();
  });

  test('shows a loading indicator while a search stalls, keeps the input for the next keystrokes, then the results', {tag: ANY_WIDTH_TAG}, async ({page}) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(INDEX, async (route: Route) => {
      await held;
      await route.fallback();
    });
    await openPage(page);
    await search(page, 'sca');
    const typedInto = await input(page).elementHandle();
    await expect(page.locator('.DocSearch-Container--Stalled .DocSearch-LoadingIndicator')).toBeVisible();
    // The indicator takes the magnifier's place; the input the reader types in stays, with the focus.
    await expect(input(page)).toBeFocused();
    expect(await input(page).evaluate((current, first) => current === first, typedInto)).toBe(true);
    await page.keyboard.type('n');
    await expect(input(page)).toHaveValue('scan');
    release();
    await expect(markedWords(page).first()).toHaveText(/^scan/i);
    await expect(page.locator('.DocSearch-Container--Stalled')).toHaveCount(0);
    await expect(page.locator('.DocSearch-MagnifierLabel')).toBeVisible();
    await expect(input(page)).toBeFocused();
  });

  test(
    'typing while the index loads fetches the record shards of the last query only, and shows its hits, never another screen',
    {tag: ANY_WIDTH_TAG},
    async ({page}) => {
      // Its prefixes ("fai", "failu", "failure") find other pages than the whole identifier does.
      const QUERY = 'failure_reason';
      // The query alone, filled at once: one answer, its record shards and its hits.
      const requested = await recordShardRequests(page, 300);
      await observeScreens(page);
      await openPage(page);
      await search(page, QUERY);
      await expect(hits(page).first()).toBeVisible();
      const titles = await hitTitles(page);
      await expect.poll(async () => (await screens(page)).at(-1)).toBe(titles.join('\n'));
      const alone = {shards: new Set(requested), titles, screens: await screens(page)};

      // Typed key after key while the index loads: every keystroke asks, and all but the last are overtaken before their hits need records.
      requested.length = 0;
      const index = await holdIndex(page);
      await openPage(page);
      await openWith(page, 'Control+k');
      await page.keyboard.type(QUERY);
      await expect(input(page)).toHaveValue(QUERY);
      // The last keystroke's search is asked before the index comes.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      index.release();
      await expect.poll(() => hitTitles(page)).toEqual(alone.titles);
      expect(new Set(requested)).toEqual(alone.shards);
      // The same screens as the query asked once, no earlier keystroke's hits nor an extra "no results" (DocSearch 5.2 shows "no results" while a fresh modal's first search waits, alone or typed).
      await expect.poll(() => screens(page)).toEqual(alone.screens);
    },
  );

  test(
    "a keystroke's search overtaken while its record shards come aborts their fetches: only the last query's shards arrive, and its hits show",
    {tag: ANY_WIDTH_TAG},
    async ({page}) => {
      const QUERY = 'failure_reason';
      // Three letters: the first keystroke that searches by prefix, so its search needs record shards of its own.
      const PREFIX = QUERY.slice(0, 3);
      const arrived: string[] = [];
      const aborted: string[] = [];
      const shardPath = (url: string) => new URL(url).pathname;
      page.on('requestfinished', (request) => request.url().includes('/search/records-') && arrived.push(shardPath(request.url())));
      page.on('requestfailed', (request) => request.url().includes('/search/records-') && aborted.push(shardPath(request.url())));
      // The query alone: its record shards and its hits.
      await openPage(page);
      await search(page, QUERY);
      await expect(hits(page).first()).toBeVisible();
      const titles = await hitTitles(page);
      const aloneShards = new Set(arrived);

      // The prefix typed, its search held at its record shards, then the rest of the query typed.
      arrived.length = 0;
      const requested: string[] = [];
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(SHARDS, async (route) => {
        requested.push(shardPath(route.request().url()));
        await released;
        // A request the page aborted meanwhile is gone.
        await route.fallback().catch(() => {});
      });
      await openPage(page);
      await openWith(page, 'Control+k');
      await page.keyboard.type(PREFIX);
      await expect.poll(() => requested.length).toBeGreaterThan(0);
      const prefixShards = [...requested];
      await page.keyboard.type(QUERY.slice(PREFIX.length));
      await expect(input(page)).toHaveValue(QUERY);
      // Aborted by the next keystroke, before any byte of theirs came.
      await expect.poll(() => prefixShards.every((shard) => aborted.includes(shard))).toBe(true);
      // The last keystroke's search is asked before the shards come.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      release();
      await expect.poll(() => hitTitles(page)).toEqual(titles);
      expect(new Set(arrived)).toEqual(aloneShards);
      await expect(page.getByText(SEARCH_TEXTS.errorTitle)).toHaveCount(0);
    },
  );

  test("a keystroke in the modal does not overtake the search page's search", {tag: ANY_WIDTH_TAG}, async ({page}) => {
    const index = await holdIndex(page);
    await openPage(page, '/search');
    const field = page.getByRole('searchbox', {name: 'Search the documentation'});
    await field.fill('webhook');
    await openWith(page, 'Control+k');
    await page.keyboard.type('jenkins');
    await expect(input(page)).toHaveValue('jenkins');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    index.release();
    await expect(markedWords(page).first()).toHaveText(/^jenkins/i);
    await page.keyboard.press('Escape');
    await expect(page.locator('main ol > li').first()).toContainText(/webhook/i);
    await expect(page.getByText(SEARCH_TEXTS.errorTitle)).toHaveCount(0);
  });

  test('takes at most 64 characters, and any script', {tag: ANY_WIDTH_TAG}, async ({page}) => {
    await openPage(page);
    await search(page, '');
    await input(page).focus();
    await page.keyboard.insertText('x'.repeat(100));
    await expect(input(page)).toHaveValue('x'.repeat(MAX_QUERY_LENGTH));
    for (const query of ['検索 スキャン', 'сканирование', '🔍 scan', '((((', '\\', 'ターゲット'.repeat(13)]) {
      await input(page).fill(query);
      // This query's answer, not the previous one's still on screen: it names the query, or marks its one word.
      const answer = page.locator('.DocSearch-NoResults', {hasText: query.slice(0, 10)}).or(markedWords(page).filter({hasText: /^scan/i}));
      await expect(answer.first()).toBeVisible();
    }
  });

  test('shows markup in a query and in indexed text as text, never running it', {tag: ANY_WIDTH_TAG}, async ({page}) => {
    await markupInIndex(page);
    await openPage(page);
    await search(page, MARKUP);
    await expect(page.locator('.DocSearch-NoResults, .DocSearch-Hits').first()).toBeVisible();
    await input(page).fill('scans');
    await expect(page.locator('.DocSearch-Hits', {hasText: '<img src=x'}).first()).toBeVisible();
    await expect(page.locator('.DocSearch-Hits', {hasText: '<script>'}).first()).toBeVisible();
    expect(await page.evaluate(() => (window as {__injected?: number}).__injected)).toBeUndefined();
  });

  test('shows a section title with markup, quotes and an ampersand as written, as the hosted index stores it escaped', {tag: ANY_WIDTH_TAG}, async ({page}) => {
    await markupInIndex(page);
    await openPage(page);
    await search(page, 'scans');
    // DocSearch decodes only &amp; &lt; &gt; &quot; &#039; in these titles: the text of every hit is escaped in those forms.
    await expect(page.locator('.DocSearch-Hit-source', {hasText: 'Concepts'})).toHaveText(MARKUP_SECTION);
    expect(await page.evaluate(() => (window as {__injected?: number}).__injected)).toBeUndefined();
  });

  test('shows a recent search of a page with markup in its title as text, never running it', {tag: ANY_WIDTH_TAG}, async ({page}) => {
    await markupInIndex(page);
    await openPage(page);
    await search(page, 'scans');
    // A recent search keeps the hit without its highlights; the modal shows the hit's own text as HTML.
    await page
      .locator('.DocSearch-Hit', {hasText: `Scans ${MARKUP}`})
      .first()
      .click();
    await waitForHydration(page);
    await openWith(page, 'Control+k');
    await expect(page.locator('.DocSearch-Hit-source', {hasText: SEARCH_TEXTS.recentTitle})).toBeVisible();
    await expect(page.locator('.DocSearch-Hit', {hasText: `Scans ${MARKUP}`}).first()).toBeVisible();
    expect(await page.evaluate(() => (window as {__injected?: number}).__injected)).toBeUndefined();
  });

  test("'See all {count} results' opens the search page with the query", {tag: ANY_WIDTH_TAG}, async ({page}) => {
    await openPage(page);
    // Typed key by key: every keystroke is a search, and the count is the last one's alone.
    await search(page, '');
    await input(page).pressSequentially('retest', {delay: 30});
    // What a reader waits for: the hits for the whole word, not those of "ret…" still on screen.
    await expect(markedWords(page).first()).toHaveText(/^re-?test/i);
    const seeAll = page.getByRole('link', {name: /^See all \d+ results$/});
    const count = Number((await seeAll.innerText()).match(/\d+/)![0]);
    await seeAll.click();
    await expect(page).toHaveURL(/\/search\?q=retest$/);
    await expect(page.getByRole('status')).toHaveText(`${count} results`);
  });

  test(
    "'See all {count} results' keeps the count of the hits shown when an earlier keystroke's search is overtaken while its shards come",
    {tag: ANY_WIDTH_TAG},
    async ({page}) => {
      await observeAnswers(page);
      await openPage(page);
      await search(page, 'retest');
      await expect(markedWords(page).first()).toHaveText(/^re-?test/i);
      const seeAll = page.getByRole('link', {name: /^See all \d+ results$/});
      const shown = await seeAll.innerText();

      // The search for "ret" waits for record shards that "retest" did not need; "retest" is answered meanwhile.
      const held: Route[] = [];
      await page.route(SHARDS, (route) => void held.push(route));
      await input(page).fill('ret');
      await expect.poll(() => held.length, {message: '"ret" needs shards that "retest" did not fetch'}).toBeGreaterThan(0);
      await input(page).fill('retest');
      await expect(markedWords(page).first()).toHaveText(/^re-?test/i);
      const answered = await answers(page);
      await page.unroute(SHARDS);
      // The overtaken search aborted them: a request the page aborted is gone.
      for (const route of held) await route.fallback().catch(() => {});
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await answers(page), 'no answer of its own comes for the overtaken "ret"').toBe(answered);
      await expect(markedWords(page).first()).toHaveText(/^re-?test/i);
      expect(await seeAll.innerText()).toBe(shown);
    },
  );
});

test.describe('words the pages say otherwise', {tag: ANY_WIDTH_TAG}, () => {
  // Each query's first hit, as the modal shows it, is a page that answers it (bench/search/queries.yaml has more).
  const anyOf = (...paths: string[]) => new RegExp(`(${paths.join('|')})(#.*)?$`);
  const cases = [
    {kind: 'a synonym', query: 'vuln', page: anyOf('/concepts/finding-concept', '/api/reference/findings-list', '/api/tutorials/findings/list-findings')},
    {kind: 'a split word', query: 'life cycle', page: anyOf('/concepts/scan-concept', '/concepts/finding-concept')},
    {kind: 'a misspelling', query: 'pasue scan', page: anyOf('/api/reference/targets-scans-pause', '/api/tutorials/scans/pause-and-resume-a-scan')},
  ];
  for (const {kind, query, page: expected} of cases) {
    test(`finds the page for ${kind}, "${query}"`, async ({page}) => {
      await openPage(page, '/');
      await search(page, query);
      await expect(hits(page).first().locator('a')).toHaveAttribute('href', expected);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(expected);
    });
  }
});

test.describe('recent and favourite searches', {tag: ANY_WIDTH_TAG}, () => {
  test('the start screen says there are none yet, then keeps the searches opened', async ({page}) => {
    await openPage(page);
    await openWith(page, 'Control+k');
    // The text stands where DocSearch shows nothing (src/theme/SearchBar/styles.css).
    const emptyHistory = () => page.locator('.DocSearch-SearchBar').evaluate((bar) => getComputedStyle(bar, '::after').content);
    expect(await emptyHistory()).toBe(JSON.stringify(SEARCH_TEXTS.noRecent));
    await input(page).fill('pause scan');
    await expect(markedWords(page).first()).toHaveText(/^(pause|scan)/i);
    const opened = await page.locator('.DocSearch-Hit a').first().getAttribute('href');
    await page.keyboard.press('Enter');
    await waitForHydration(page);
    await openWith(page, 'Control+k');
    expect(await emptyHistory()).toBe('none');
    await expect(page.locator('.DocSearch-Hit-source').first()).toHaveText(SEARCH_TEXTS.recentTitle);
    await expect(page.locator('.DocSearch-Hit a').first()).toHaveAttribute('href', opened!);
    const kept = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, RECENT_KEY);
    expect(kept).toBe(1);
  });

  const many = (prefix: string) => Array.from({length: 12}, (_, index) => stored(`${prefix} ${index}`));

  test('keeps 7 recent searches', async ({page}) => {
    await seedStorage(page, {[RECENT_KEY]: many('Recent')});
    await openPage(page);
    await search(page, 'scan');
    // Enter opens the active hit, so the hits for the query must be there first.
    await expect(markedWords(page).first()).toHaveText(/^scan/i);
    await page.keyboard.press('Enter');
    await expect(modal(page)).toBeHidden();
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).length, RECENT_KEY)).toBe(RECENT_SEARCHES);
  });

  test('keeps 4 recent searches once a favourite exists, and 10 favourites', async ({page}) => {
    await seedStorage(page, {[RECENT_KEY]: many('Recent'), [FAVORITE_KEY]: many('Favourite')});
    await openPage(page);
    await search(page, 'target');
    await expect(markedWords(page).first()).toHaveText(/^target/i);
    await page.keyboard.press('Enter');
    await expect(modal(page)).toBeHidden();
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).length, RECENT_KEY)).toBe(RECENT_SEARCHES_WITH_FAVORITES);

    // Saving one more favourite keeps the newest 10.
    await openWith(page, 'Control+k');
    // A hit shows its buttons once it is the active one, as the pointer makes it.
    const recent = page.locator('.DocSearch-Hit').filter({hasText: 'Recent'}).first();
    await recent.hover();
    await recent.getByTitle(SEARCH_TEXTS.saveRecent, {exact: true}).click();
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).length, FAVORITE_KEY)).toBe(10);
    await expect(page.locator('.DocSearch-Hit-source', {hasText: SEARCH_TEXTS.favoritesTitle})).toBeVisible();
    await expect(page.locator('.DocSearch-Hit').filter({hasText: 'Favourite 0'}).getByTitle(SEARCH_TEXTS.removeFavorite, {exact: true})).toBeAttached();
  });

  test('with storage unavailable, search works without history and a warning is logged', async ({page, consoleWarnings}) => {
    await denyStorage(page);
    await openPage(page);
    await search(page, 'scan');
    await expect(hits(page).first()).toBeVisible();
    expect(consoleWarnings.join('\n')).toMatch(/storage is not available; search will not keep recent or favourite searches/);
    await page.keyboard.press('Enter');
    await waitForHydration(page);
    await openWith(page, 'Control+k');
    await expect(page.locator('.DocSearch-Hit-source', {hasText: SEARCH_TEXTS.recentTitle})).toHaveCount(0);
  });
});

test.describe('the search page', {tag: ANY_WIDTH_TAG}, () => {
  const field = (page: Page) => page.getByRole('searchbox', {name: 'Search the documentation'});
  const results = (page: Page) => page.locator('main ol > li');

  test('reads the query from q, shows 20 hits with where they sit, and more on demand', async ({page}) => {
    await openPage(page, '/search?q=scan');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for “scan”');
    await expect(field(page)).toHaveValue('scan');
    await expect(results(page)).toHaveCount(20);
    const first = results(page).first();
    // The first hit is a page that names the query, marked in its title.
    await expect(first.locator('h2 a mark').first()).toBeVisible();
    // Each hit says where it sits: the site's section, and the page for a hit below the page's top.
    await expect(
      results(page)
        .locator('p', {hasText: /^(API|Concepts|Command line)( › .+)?$/})
        .first(),
    ).toBeVisible();
    await expect(results(page).locator('p', {hasText: ' › '}).first()).toBeVisible();
    await page.getByRole('button', {name: 'Show more results'}).click();
    await expect(results(page)).toHaveCount(40);
    await first.locator('h2 a').click();
    await expect(page).not.toHaveURL(/\/search/);
  });

  test('loads the index as its field takes the focus, before the first keystroke', async ({page}) => {
    const indexRequests: string[] = [];
    page.on('request', (request) => request.url().includes(LOCAL_INDEX_PATH) && indexRequests.push(request.url()));
    await openPage(page, '/search');
    await page.locator('main h1').click();
    await field(page).focus();
    await expect.poll(() => indexRequests.length).toBe(1);
    await field(page).fill('webhook');
    await expect(results(page).first()).toBeVisible();
    expect(indexRequests).toHaveLength(1);
  });

  test('writes the query to q as the reader types', async ({page}) => {
    await openPage(page, '/search');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search the documentation');
    await field(page).fill('webhook');
    await expect(page).toHaveURL(/\/search\?q=webhook$/);
    await expect(results(page).first()).toContainText(/webhook/i);
  });

  test('says when nothing matches, with the words that do find something', async ({page}) => {
    await openPage(page, '/search?q=scan%20target%20finding%20webhook%20qqzzxxyy');
    await expect(page.locator('main')).toContainText(`${SEARCH_TEXTS.noResults} “scan target finding webhook qqzzxxyy”`);
    await expect(page.locator('main')).toContainText(SEARCH_TEXTS.suggestions);
    // Up to 3 of the words that find something alone.
    await expect(page.locator('main ul li button')).toHaveText(['scan', 'target', 'finding'].slice(0, MAX_SUGGESTIONS));
    await page.getByRole('button', {name: 'scan', exact: true}).click();
    await expect(page).toHaveURL(/\/search\?q=scan$/);
    await expect(results(page)).toHaveCount(20);
    await page.goto('/search?q=qqzzxxyy');
    await expect(page.getByRole('link', {name: SEARCH_TEXTS.reportMissingLink})).toHaveAttribute(
      'href',
      `${portalDefaults.helpUrl}/?missing-search-results=qqzzxxyy`,
    );
  });

  test('shows the error texts when the index cannot be loaded', async ({page, allowConsoleErrors}) => {
    allowConsoleErrors(/Failed to load resource|RetryError|search\/index\.json/);
    await page.route(INDEX, (route) => route.abort('internetdisconnected'));
    await openPage(page, '/search?q=scan');
    await expect(page.locator('main')).toContainText(SEARCH_TEXTS.errorTitle);
    await expect(page.locator('main')).toContainText(SEARCH_TEXTS.errorHelp);
  });

  test('shows markup, quotes and ampersands in indexed text as written: the title and where the hit sits', async ({page}) => {
    await markupInIndex(page);
    await openPage(page, '/search?q=scans');
    const title = `Scans ${MARKUP}<script>window.__injected=2</script>`;
    // The page's top, under its section; one of its subsections, under the section and the page.
    const top = results(page)
      .filter({has: page.locator('h2', {hasText: title})})
      .first();
    await expect(top.locator('h2')).toHaveText(title);
    await expect(top.locator('p').first()).toHaveText(MARKUP_SECTION);
    const below = results(page)
      .filter({has: page.locator('p', {hasText: ` › ${title}`})})
      .first();
    await expect(below.locator('p').first()).toContainText(`${MARKUP_SECTION} › ${title}`);
    expect(await page.evaluate(() => (window as {__injected?: number}).__injected)).toBeUndefined();
  });

  test('shows markup in the query as text and cuts it to 64 characters', async ({page}) => {
    const payload = '<img src=x onerror="window.__injected=1">';
    await openPage(page, `/search?q=${encodeURIComponent(payload)}`);
    await expect(page.getByRole('heading', {level: 1})).toContainText(payload);
    expect(await page.evaluate(() => (window as {__injected?: number}).__injected)).toBeUndefined();
    await page.goto(`/search?q=${'y'.repeat(100)}`);
    await expect(field(page)).toHaveValue('y'.repeat(MAX_QUERY_LENGTH));
  });
});

test.describe('a search key pressed while the page loads', {tag: ANY_WIDTH_TAG}, () => {
  test('opens the modal once the scripts run, once', async ({page}) => {
    // Counts the modals the page shows: the keys held for the scripts must open one, and none closes and opens it again.
    await page.addInitScript(() => {
      const counter = window as {__modalsOpened?: number};
      counter.__modalsOpened = 0;
      new MutationObserver((mutations) => {
        for (const {addedNodes} of mutations)
          addedNodes.forEach((node) => {
            if (node instanceof Element && node.matches('.DocSearch-Container')) counter.__modalsOpened! += 1;
          });
      }).observe(document, {childList: true, subtree: true});
    });
    const {release} = await holdEntryScript(page);
    // The page is on screen while its deferred scripts wait: DOMContentLoaded comes only after they run.
    await page.goto('/concepts/scan-concept', {waitUntil: 'commit'});
    await page.locator('main').waitFor();
    await page.keyboard.press('Control+k');
    await page.keyboard.press('Slash');
    expect(await page.evaluate(() => document.documentElement.dataset.hasHydrated)).toBe('false');
    release();
    await expect(modal(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    await waitForHydration(page);
    await input(page).fill('webhook');
    await expect(hits(page).first()).toBeVisible();
    expect(await page.evaluate(() => (window as {__modalsOpened?: number}).__modalsOpened)).toBe(1);
    // From now on the search bar's own listener answers: Escape closes the modal, Ctrl+K opens it again.
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();
    await openWith(page, 'Control+k');
    expect(await page.evaluate(() => (window as {__modalsOpened?: number}).__modalsOpened)).toBe(2);
  });

  test('"/" typed in a text field is text, not the shortcut', async ({page}) => {
    const {release} = await holdEntryScript(page);
    await page.goto('/search', {waitUntil: 'commit'});
    const field = page.getByRole('searchbox', {name: 'Search the documentation'});
    await field.click();
    await page.keyboard.type('a/b');
    await expect(field).toHaveValue('a/b');
    release();
    await waitForHydration(page);
    await expect(modal(page)).toBeHidden();
  });
});
