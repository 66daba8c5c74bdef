/**
 * The test fixture every browser test uses: a console error or an uncaught
 * exception fails the test unless the test declared it expected.
 */
import {test as base, expect, type Locator, type Page} from '@playwright/test';

interface Fixtures {
  /** Declares console errors matching this pattern as expected in this test. */
  allowConsoleErrors: (pattern: RegExp) => void;
  /** Console warnings seen so far, for tests that expect one. */
  consoleWarnings: string[];
}

export const test = base.extend<Fixtures & {consoleErrors: string[]}>({
  consoleErrors: async ({page}, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await use(errors);
  },
  consoleWarnings: async ({page}, use) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await use(warnings);
  },
  allowConsoleErrors: [
    async ({consoleErrors}, use) => {
      const allowed: RegExp[] = [];
      await use((pattern) => allowed.push(pattern));
      const unexpected = consoleErrors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors or uncaught exceptions').toEqual([]);
    },
    {auto: true},
  ],
});

export {expect};

/** Marks a test that checks the phone's and the desktop's widths itself: only the mobile project runs it. */
export const BOTH_WIDTHS_TAG = '@both-widths';

/**
 * Marks a test whose behaviour does not depend on the width (a server's answer, the search engine, the requests and
 * chunks a page loads, what it keeps in storage): only the desktop project runs it.
 */
export const ANY_WIDTH_TAG = '@any-width';

/** Waits until the server-rendered page has hydrated, every part of it (src/plugins/deferred-hydration). */
export async function waitForHydration(page: Page): Promise<void> {
  // The server writes data-has-hydrated="false"; the shell sets it to "true" once interactive, while its parts may wait.
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true' && document.documentElement.dataset.partsHydrated !== 'false');
}

/**
 * Opens the navbar's drawer, below 996 px, and returns it. The navbar hides as the page scrolls down and slides back
 * as it scrolls up: from the top of the page it stands still, where a click on a button sliding away would start on
 * the button and end on the page beneath it.
 */
export async function openNavbarDrawer(page: Page): Promise<Locator> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  const drawer = page.locator('.navbar-sidebar');
  await expect(drawer).toBeVisible();
  return drawer;
}

/** What {@link recordHydrationPasses} records: for each pass, whether each element listened once it had ended. */
export type HydrationPasses = Record<string, Record<string, boolean>>;

/**
 * An init script (`page.addInitScript(recordHydrationPasses, {elements, passes})`) that sees which elements each pass
 * of hydration hydrated. An element hydrates with its event listeners; a pass is one synchronous render, and one
 * begins when an element inside its selector (`passes`) gets its first listener. A microtask queued then runs once the
 * pass has ended, before the next part's: it records whether each of `elements` (by selector) listens, in
 * `window.afterPass[pass]`; `window.listeningNow()` tells the same at any later time. Self-contained, as an init
 * script must be.
 */
export function recordHydrationPasses({elements, passes}: {elements: Record<string, string>; passes: Record<string, string>}): void {
  const listening = new WeakSet<EventTarget>();
  const listeningNow = () => Object.fromEntries(Object.entries(elements).map(([name, selector]) => [name, listening.has(document.querySelector(selector)!)]));
  const afterPass: HydrationPasses = {};
  const addEventListener = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
    for (const [pass, selector] of Object.entries(passes)) {
      if (pass in afterPass || !(this instanceof Element && this.closest(selector))) continue;
      afterPass[pass] = {};
      queueMicrotask(() => (afterPass[pass] = listeningNow()));
    }
    // An element may get its listeners before it is put in the page: a sidebar category's link, rendered anew once hydrated.
    listening.add(this);
    return addEventListener.apply(this, args);
  };
  Object.assign(window, {listeningNow, afterPass});
}

/** What {@link recordHydrationPasses} recorded: each pass's record, and whether each element listens now. */
export function hydrationPasses(page: Page): Promise<{afterPass: HydrationPasses; now: Record<string, boolean>}> {
  return page.evaluate(() => {
    const recorded = window as unknown as {afterPass: HydrationPasses; listeningNow: () => Record<string, boolean>};
    return {afterPass: recorded.afterPass, now: recorded.listeningNow()};
  });
}

/** Makes every access to localStorage and sessionStorage throw, as browsers do when they deny storage. */
export async function denyStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    }
  });
}
