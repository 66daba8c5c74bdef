/**
 * Search measured in headless Chromium as a reader meets it, for any UI a
 * `SearchUi` describes; it never assumes which files a search fetches: bytes are
 * whatever the browser receives.
 */
import {chromium, type Browser, type BrowserContext, type Page} from '@playwright/test';
import {chromiumLaunchOptions} from '../../tests/browser/chromium';

/** What the bench needs to know of a search UI. */
export interface SearchUi {
  /** The input that has the focus once Ctrl+K opened the search. */
  input: string;
  /** One hit on screen. */
  hit: string;
  /** The element whose changes are the hits updating (not the input). */
  results: string;
  /** The pages of the hits for the query last typed, best first, as the reader is shown them. */
  rankedPages(page: Page): Promise<string[]>;
  /** The engine's time per query seen in the page since the last call, in ms. */
  engineTimes(page: Page): Promise<number[]>;
  /** Instrumentation the UI needs in every page before its scripts run, and its argument. */
  init?: {script: (arg: string) => void; arg: string};
}

export interface ColdRun {
  query: string;
  /** What was fetched from Ctrl+K to the first hit: path and encoded bytes. */
  fetched: [string, number][];
  /** First keystroke → first hit on screen. */
  firstKeyMs: number;
  /** Ctrl+K → first hit on screen. */
  openMs: number;
  /** Encoded bytes of every response requested from Ctrl+K, resp. the first keystroke, and finished before the first hit showed. */
  bytesFromOpen: number;
  bytesFromFirstKey: number;
}

export interface TypingFigures {
  /** Keystroke → the hits on screen updated (the frame after the last change), per keystroke that changed them. */
  screenMs: number[];
  /** Keystrokes after which the hits did not change. */
  unchanged: number;
  engineMs: number[];
  /** Pages of the hits for each whole query, best first. */
  ranked: Map<string, string[]>;
}

/** After a change, the hits count as settled once nothing changed for this long. */
const QUIET_MS = 120;
/** A keystroke that changed nothing within this long leaves the hits as they were. */
const UNCHANGED_MS = 1_500;

/**
 * In every page: the time of each keydown, of the first hit on screen after
 * a keydown, and of the frame after the last change of the results.
 */
function instrument({hit, results}: {hit: string; results: string}): void {
  const state: BenchState = {keys: [], firstHitAt: 0, lastChangeAt: 0, paintedAt: 0};
  (window as unknown as {__searchBench: typeof state}).__searchBench = state;
  // Called in an animation frame: a task posted then runs once that frame is rendered, which is when the reader sees it.
  const afterThisFrame = (done: (time: number) => void) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now());
    channel.port2.postMessage(null);
  };
  const visible = (element: Element | null) => element !== null && element.getBoundingClientRect().height > 0;
  const watchFirstHit = () => {
    if (state.firstHitAt) return;
    if (visible(document.querySelector(hit))) afterThisFrame((time) => (state.firstHitAt ||= time));
    else requestAnimationFrame(watchFirstHit);
  };
  document.addEventListener(
    'keydown',
    (event) => {
      state.keys.push({time: performance.now(), shortcut: event.ctrlKey || event.metaKey});
      requestAnimationFrame(watchFirstHit);
    },
    {capture: true},
  );
  new MutationObserver((mutations) => {
    const inResults = mutations.some(({target}) => (target instanceof Element ? target : target.parentElement)?.closest(results));
    if (!inResults) return;
    const changedAt = performance.now();
    state.lastChangeAt = changedAt;
    requestAnimationFrame(() =>
      afterThisFrame((time) => {
        if (state.lastChangeAt === changedAt) state.paintedAt = time;
      }),
    );
  }).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
}

interface BenchState {
  /** Every keydown: when, and whether it was a shortcut (Ctrl+K) rather than typing. */
  keys: {time: number; shortcut: boolean}[];
  firstHitAt: number;
  lastChangeAt: number;
  paintedAt: number;
}
const benchState = (page: Page) => page.evaluate(() => (window as unknown as {__searchBench: BenchState}).__searchBench);

/** Per response: when it was requested and finished (wall clock, ms) and its bytes on the wire. */
interface Transfer {
  startedAt: number;
  finishedAt: number;
  bytes: number;
  url: string;
}

/**
 * Every response the page receives, the dedicated workers' too (Playwright
 * follows them), with its encoded size: body as sent plus headers.
 */
function recordTransfers(page: Page): () => Promise<Transfer[]> {
  const pending: Promise<Transfer | null>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      request.sizes().then(
        ({responseBodySize, responseHeadersSize}) => {
          const {startTime, responseEnd} = request.timing();
          return {startedAt: startTime, finishedAt: startTime + responseEnd, bytes: responseBodySize + responseHeadersSize, url: request.url()};
        },
        // A request that finished as the page closed has no sizes left to read; it came after the first hits anyway.
        () => null,
      ),
    );
  });
  return async () => (await Promise.all(pending)).filter((transfer): transfer is Transfer => transfer !== null);
}

/** A page of the site, loaded and idle, with the bench's instrumentation. */
async function loadedPage(context: BrowserContext, url: string, ui: SearchUi): Promise<Page> {
  // tsx compiles the bench keeping function names, through a helper the page does not have: the functions sent to it call it.
  await context.addInitScript('globalThis.__name = (target) => target;');
  if (ui.init) await context.addInitScript(ui.init.script, ui.init.arg);
  await context.addInitScript(instrument, {hit: ui.hit, results: ui.results});
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await page.goto(url, {waitUntil: 'networkidle'});
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-has-hydrated'));
  return page;
}

/** Ctrl+K, then waits for the search input to take typing; pressed again while the page may still be attaching its key handler. */
async function openSearch(page: Page, ui: SearchUi): Promise<void> {
  const focused = () => page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, ui.input);
  for (let attempt = 0; attempt < 5 && !(await focused()); attempt += 1) {
    await page.keyboard.press('Control+k');
    await page.waitForFunction((selector) => document.activeElement?.matches(selector), ui.input, {timeout: 2_000}).catch(() => undefined);
  }
  if (!(await focused())) throw new Error(`Ctrl+K did not focus ${ui.input}`);
}

/** The first word is typed at once, since an engine that matches prefixes from the third letter finds nothing on one. */
export async function coldRun(browser: Browser, url: string, ui: SearchUi, query: string): Promise<ColdRun> {
  const context = await browser.newContext({viewport: {width: 1280, height: 800}});
  try {
    const page = await loadedPage(context, url, ui);
    const transfers = recordTransfers(page);
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    await openSearch(page, ui);
    await page.keyboard.type(query.split(' ')[0]);
    await page.waitForFunction(() => (window as unknown as {__searchBench: BenchState}).__searchBench.firstHitAt > 0, undefined, {timeout: 30_000});
    const state = await benchState(page);
    const received = await transfers();
    const openAt = state.keys.find(({shortcut}) => shortcut)!.time;
    const firstKeyAt = state.keys.find(({shortcut}) => !shortcut)!.time;
    const wall = (time: number) => timeOrigin + time;
    const fetchedSince = (time: number) => received.filter(({startedAt, finishedAt}) => startedAt >= wall(time) && finishedAt <= wall(state.firstHitAt));
    const bytesSince = (time: number) => fetchedSince(time).reduce((sum, {bytes}) => sum + bytes, 0);
    return {
      query,
      fetched: fetchedSince(openAt).map(({url: fetchedUrl, bytes}) => [new URL(fetchedUrl).pathname, bytes]),
      firstKeyMs: state.firstHitAt - firstKeyAt,
      openMs: state.firstHitAt - openAt,
      bytesFromOpen: bytesSince(openAt),
      bytesFromFirstKey: bytesSince(firstKeyAt),
    };
  } finally {
    await context.close();
  }
}

const pageNow = (page: Page) => page.evaluate(() => performance.now());

/** Waits for the hits to settle after an action at `since` (the last keydown by default): the time until they showed, or null when they did not change. */
async function settle(page: Page, since?: number): Promise<number | null> {
  return page.evaluate(
    ({quiet, unchanged, since}) =>
      new Promise<number | null>((resolve) => {
        const state = (window as unknown as {__searchBench: BenchState}).__searchBench;
        const keyAt = since ?? state.keys[state.keys.length - 1].time;
        const check = () => {
          const now = performance.now();
          if (state.lastChangeAt > keyAt && state.paintedAt >= state.lastChangeAt && now - state.lastChangeAt >= quiet) resolve(state.paintedAt - keyAt);
          else if (state.lastChangeAt <= keyAt && now - keyAt >= unchanged) resolve(null);
          else setTimeout(check, 10);
        };
        check();
      }),
    {quiet: QUIET_MS, unchanged: UNCHANGED_MS, since},
  );
}

/** The index is loaded by a first search, so what follows is warm. */
export async function typeQueries(browser: Browser, url: string, ui: SearchUi, queries: string[]): Promise<TypingFigures> {
  const context = await browser.newContext({viewport: {width: 1280, height: 800}});
  const figures: TypingFigures = {screenMs: [], unchanged: 0, engineMs: [], ranked: new Map()};
  try {
    const page = await loadedPage(context, url, ui);
    await openSearch(page, ui);
    // A first search loads the index; what follows is warm.
    await page.keyboard.type(queries[0].split(' ')[0]);
    await page.waitForSelector(ui.hit);
    for (const query of queries) {
      const clearedAt = await pageNow(page);
      await page.fill(ui.input, '');
      await settle(page, clearedAt);
      await ui.engineTimes(page);
      for (const letter of query) {
        await page.keyboard.type(letter);
        const ms = await settle(page);
        if (ms === null) figures.unchanged += 1;
        else figures.screenMs.push(ms);
      }
      figures.engineMs.push(...(await ui.engineTimes(page)));
      figures.ranked.set(query, await ui.rankedPages(page));
    }
  } finally {
    await context.close();
  }
  return figures;
}

export const launchBrowser = () => chromium.launch(chromiumLaunchOptions);
