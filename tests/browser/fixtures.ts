/**
 * The test fixture every browser test uses: a console error or an uncaught
 * exception fails the test unless the test declared it expected.
 */
import {test as base, expect, type Locator, type Page} from '@playwright/test';
import {FEEDBACK_PATH} from '../../src/shared/feedback';

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
      // The feedback control asks the host whether it takes feedback; a static host without the service answers 404.
      if (new URL(message.location().url || 'about:blank').pathname === FEEDBACK_PATH && /status of 404/.test(message.text())) return;
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
