import {portalDefaults} from '../../portal.config';
import {expect, test, waitForHydration} from './fixtures';

const bar = (page: import('@playwright/test').Page) => page.locator('.theme-announcement-bar');

test('the announcement bar can be dismissed, and stays dismissed', async ({page}) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(bar(page)).toBeVisible();
  await page.getByRole('button', {name: 'Close'}).click();
  await expect(bar(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
  await page.reload();
  await waitForHydration(page);
  await expect(bar(page)).toBeHidden();
});

test('a new announcement id shows the bar again on the first load', async ({page}) => {
  // A reader who dismissed an older announcement.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement');
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/concepts/scan-concept');
  // Visible in the first paint, before React runs.
  await expect(page.locator('html')).toHaveAttribute('data-announcement-bar-initially-dismissed', 'false');
  await waitForHydration(page);
  await expect(bar(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(portalDefaults.announcementId);
});
