/** Keyboard-only use, end to end, with a visible focus ring on everything that takes focus. */
import type {Page} from '@playwright/test';
import {PAGE_KINDS} from '../route-table';
import {expect, test, waitForHydration} from './fixtures';

/** The focused element's description and whether it shows a focus ring (an outline of at least 1 px). */
function focusState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    return {
      element: `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
      ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1,
    };
  });
}

test('the skip link comes first and moves focus to the content', async ({page}) => {
  await page.goto(PAGE_KINDS.tutorial);
  await waitForHydration(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', {name: 'Skip to main content'});
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  // The link moves the focus navigation starting point to <main>: the next Tab lands in the content, past the navbar and sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main'))), 'focus is in the main content').toBe(true);
});

test('every element reached with Tab shows a focus ring', async ({page}) => {
  await page.goto(PAGE_KINDS.tutorial);
  await waitForHydration(page);
  const withoutRing: string[] = [];
  for (let stop = 0; stop < 40; stop++) {
    await page.keyboard.press('Tab');
    const {element, ring} = await focusState(page);
    if (!ring) withoutRing.push(element);
  }
  expect(withoutRing).toEqual([]);
});

test('code sample tabs switch with the arrow keys', async ({page}) => {
  await page.goto(PAGE_KINDS.tutorial);
  await waitForHydration(page);
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
});

test('a sidebar category opens and closes from the keyboard', async ({page, isMobile}) => {
  test.skip(isMobile, 'the sidebar is in the drawer on phones');
  await page.goto(PAGE_KINDS.tutorial);
  await waitForHydration(page);
  const toggle = page.locator('.theme-doc-sidebar-menu button.clean-btn.menu__caret').first();
  const expanded = await toggle.getAttribute('aria-expanded');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', expanded === 'true' ? 'false' : 'true');
});

test('the drawer opens, leads to a page and closes, from the keyboard', async ({page, isMobile}) => {
  test.skip(!isMobile, 'the drawer exists below 996 px');
  await page.goto(PAGE_KINDS.home);
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Toggle navigation bar'}).focus();
  await page.keyboard.press('Enter');
  const drawer = page.locator('.navbar-sidebar');
  // The drawer opens on the page's sidebar, whose links come after the main menu's.
  const link = drawer.locator('a[href="/concepts/core-concepts-overview"]').last();
  await expect(link).toBeVisible();
  await link.focus();
  expect((await focusState(page)).ring).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/concepts\/core-concepts-overview$/);
  await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
});

test('the try-it panel opens and sends from the keyboard', async ({page}) => {
  await page.route('https://api.vigil.example/**', (route) => route.fulfill({status: 200, contentType: 'application/json', headers: {'access-control-allow-origin': '*'}, body: '{"results": []}'}));
  await page.goto(PAGE_KINDS['operation page']);
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Try it'}).focus();
  await page.keyboard.press('Enter');
  const key = page.getByPlaceholder('JwtAuth');
  await key.focus();
  await page.keyboard.type('JWT reader-key');
  const send = page.getByRole('button', {name: /send api request/i});
  await send.focus();
  expect((await focusState(page)).ring).toBe(true);
  const sent = page.waitForRequest((request) => request.url().startsWith('https://api.vigil.example/'));
  await page.keyboard.press('Enter');
  expect((await sent).headers()['authorization']).toBe('JWT reader-key');
});
