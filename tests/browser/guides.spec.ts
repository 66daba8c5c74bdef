/**
 * Every route of the specification's route table and every tutorial, as a
 * reader opens them, and the parts of the guides a reader uses: sample
 * language tabs that remember the choice, the tutorials index.
 */
import {ROUTES, TUTORIAL_ROUTES} from '../route-table';
import type {Page} from '@playwright/test';
import {ANY_WIDTH_TAG, BOTH_WIDTHS_TAG, expect, openNavbarDrawer, test, waitForHydration} from './fixtures';

/** How far the page scrolls sideways: none, at 375 px as on the desktop; wide tables and code scroll inside themselves. */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// One load serves both widths: the page is checked at the phone's 375 px, then widened to the desktop's 1280 px,
// where the layout switches as it does on a desktop (the theme follows the window's size). The desktop project
// skips these (playwright.config.ts), which halves the suite's largest group of page loads.
for (const route of [...ROUTES, ...TUTORIAL_ROUTES]) {
  test(`${route} opens with its heading and fits the screen at both widths`, {tag: BOTH_WIDTHS_TAG}, async ({page}) => {
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    expect(await page.locator('.theme-doc-markdown').innerText()).not.toMatch(/\{\{\s*\w+\s*\}\}/);
    expect(await sidewaysOverflow(page), '375 px').toBeLessThanOrEqual(0);
    await page.setViewportSize({width: 1280, height: 800});
    // The desktop sidebar's menu appears once the theme has seen the new width (the drawer's copy of it, rendered on a phone, goes then).
    await expect(page.getByRole('navigation', {name: 'Docs sidebar'}).locator('.theme-doc-sidebar-menu')).toBeVisible();
    expect(await sidewaysOverflow(page), '1280 px').toBeLessThanOrEqual(0);
  });
}

test('a tutorial shows each request in the language the reader picks, and the reference keeps that choice', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await page.goto('/api/tutorials/scans/start-a-scan');
  await waitForHydration(page);
  const firstSamples = page.locator('article .tabs-container').first();
  await firstSamples.getByRole('tab', {name: 'Python'}).click();
  await expect(firstSamples.getByRole('tabpanel')).toContainText('import requests');
  // Every set of samples on the page follows.
  await expect(page.locator('article .tabs-container').nth(1).getByRole('tab', {name: 'Python'})).toHaveAttribute('aria-selected', 'true');
  await page.locator('article a[href^="/api/reference/"]').first().click();
  await expect(page).toHaveURL(/\/api\/reference\//);
  await expect(page.locator('article .tabs-container').last().getByRole('tab', {name: 'Python'})).toHaveAttribute('aria-selected', 'true');
});

test('the tutorials index leads to every tutorial, grouped', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await page.goto('/api/tutorials');
  await waitForHydration(page);
  await expect(page.locator('.theme-doc-markdown > h2')).toHaveText(['Targets', 'Target authentication', 'Scans', 'Findings']);
  const cards = page.locator('article a.card');
  await expect(cards).toHaveCount(TUTORIAL_ROUTES.length);
  await cards.filter({hasText: 'Start a scan'}).click();
  await expect(page).toHaveURL(/\/api\/tutorials\/scans\/start-a-scan$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Start a scan on a target');
});

test('the CLI section leads to the CI/CD guide of each CI system, and each back to the overview', async ({page, isMobile}) => {
  await page.goto('/cli/quick-start');
  await waitForHydration(page);
  if (isMobile) await openNavbarDrawer(page);
  const sidebar = page.locator(isMobile ? '.navbar-sidebar' : 'aside.theme-doc-sidebar-container');
  // The CI/CD category itself, not the Command line category around it.
  const category = sidebar.locator('.theme-doc-sidebar-item-category-level-2').filter({has: page.getByRole('link', {name: 'CI/CD', exact: true})});
  await expect(category.locator('ul a')).toHaveText([
    'GitHub Actions',
    'GitLab CI',
    'Jenkins',
    'Azure Pipelines',
    'CircleCI',
    'Bitbucket Pipelines',
    'SARIF and JUnit output',
  ]);
  await category.getByRole('link', {name: 'Jenkins', exact: true}).click();
  await expect(page).toHaveURL(/\/cli\/ci\/jenkins$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Scan in Jenkins');
  await page.locator('article').getByRole('link', {name: "client's gate"}).first().click();
  await expect(page).toHaveURL(/\/cli\/ci$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('CI/CD pipelines');
});
