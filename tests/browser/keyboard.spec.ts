/** Keyboard-only use, end to end, with a visible focus ring on everything that takes focus. */
import type {Page} from '@playwright/test';
import {portalConfig} from '../../portal.config';
import {PAGE_KINDS} from '../route-table';
import {ANY_WIDTH_TAG, expect, test, waitForHydration} from './fixtures';

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

test('code sample tabs switch with the arrow keys', {tag: ANY_WIDTH_TAG}, async ({page}) => {
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

test('the try-it panel opens and sends from the keyboard', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  // The panel opens on the sandbox; answered here.
  const sandbox = new URL(portalConfig.sandboxUrl!).origin;
  await page.route(`${sandbox}/**`, (route) =>
    route.fulfill({status: 200, contentType: 'application/json', headers: {'access-control-allow-origin': '*'}, body: '{"results": []}'}),
  );
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
  const sent = page.waitForRequest((request) => request.url().startsWith(`${sandbox}/`));
  await page.keyboard.press('Enter');
  expect((await sent).headers()['authorization']).toBe('JWT reader-key');
});

test('the question before a request to the real API is answered from the keyboard', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  const api = new URL(portalConfig.apiUrl).origin;
  const sent: string[] = [];
  await page.route(`${api}/**`, (route) => {
    if (route.request().method() !== 'OPTIONS') sent.push(`${route.request().method()} ${route.request().url()}`);
    return route.fulfill({status: 204, headers: {'access-control-allow-origin': '*'}});
  });
  await page.goto('/api/reference/integrations-aws-destroy');
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Try it'}).focus();
  await page.keyboard.press('Enter');
  // The server's Edit button shows when its box has the focus. It fades in: Tab reaches it once it shows,
  // as a reader's next key does (a Tab in the same frame as the focus would still find it hidden).
  await page.locator('.openapi-explorer__floating-btn').first().focus();
  const edit = page.getByRole('button', {name: 'Edit', exact: true});
  await expect(edit).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(edit).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('combobox', {name: 'Base URL'}).selectOption(api);
  const send = page.getByRole('button', {name: /send api request/i});
  await send.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', {name: 'Send this request to the real API?'});
  const cancel = dialog.getByRole('button', {name: 'Cancel'});
  // Focus starts on the choice that changes nothing; Escape answers it.
  await expect(cancel).toBeFocused();
  expect((await focusState(page)).ring).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(send).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', {name: 'Send DELETE to the real API'})).toBeFocused();
  const sentRequest = page.waitForRequest((request) => request.url().startsWith(`${api}/`) && request.method() === 'DELETE');
  await page.keyboard.press('Enter');
  await sentRequest;
  await expect(page.locator('.openapi-response__status-code, .openapi-explorer__response-container').first()).toContainText('204');
  expect(sent).toEqual([`DELETE ${api}/api/v1/integrations/aws/`]);
});
