import {portalConfig} from '../../portal.config';
import {expect, openNavbarDrawer, test, waitForHydration} from './fixtures';

const {productName, productUrl, helpUrl} = portalConfig;

test.describe('desktop navigation', () => {
  test.skip(({isMobile}) => isMobile, 'desktop layout');

  test('the navbar has the logo, the sections on the left and external links on the right', async ({page}) => {
    await page.goto('/concepts/scan-concept');
    const navbar = page.getByRole('navigation', {name: 'Main'});
    await expect(navbar.locator('a.navbar__brand')).toHaveAttribute('href', '/');
    const left = navbar.locator('.navbar__items:not(.navbar__items--right) a.navbar__link');
    await expect(left).toHaveText(['API', 'API reference', 'CLI', 'Concepts']);
    const right = navbar.locator('.navbar__items--right a.navbar__link');
    await expect(right).toHaveText([productName, 'Help centre']);
    for (const link of await right.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('rel', /noreferrer/);
    }
    await expect(right.nth(0)).toHaveAttribute('href', productUrl);
    await expect(right.nth(1)).toHaveAttribute('href', helpUrl);
    await navbar.locator('a.navbar__brand').click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('the navbar hides on scroll down and comes back on scroll up', async ({page}) => {
    await page.goto('/concepts/scan-concept');
    await waitForHydration(page);
    const navbar = page.getByRole('navigation', {name: 'Main'});
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 600);
    await page.mouse.wheel(0, 600);
    await expect(navbar).toHaveClass(/navbarHidden/);
    await page.mouse.wheel(0, -300);
    await expect(navbar).not.toHaveClass(/navbarHidden/);
  });

  test('the sidebar can be hidden and shown again', async ({page}) => {
    await page.goto('/concepts/target-concept');
    await waitForHydration(page);
    const sidebar = page.locator('aside.theme-doc-sidebar-container');
    await page.getByRole('button', {name: 'Collapse sidebar', exact: true}).click();
    await expect(sidebar.locator('nav.menu')).toBeHidden();
    await page.getByRole('button', {name: 'Expand sidebar', exact: true}).click();
    await expect(sidebar.locator('nav.menu')).toBeVisible();
  });

  test('opening a sidebar category leaves the others open', async ({page}) => {
    await page.goto('/concepts/target-concept');
    await waitForHydration(page);
    const category = (label: string) =>
      page
        .locator('.theme-doc-sidebar-item-category')
        .filter({has: page.getByRole('button', {name: label, exact: true})})
        .first();
    const toggle = (label: string) => category(label).locator('.menu__list-item-collapsible').first();
    await expect(category('API')).not.toHaveClass(/menu__list-item--collapsed/);
    await expect(category('Command line')).not.toHaveClass(/menu__list-item--collapsed/);
    await toggle('API').getByRole('button').click();
    await expect(category('API')).toHaveClass(/menu__list-item--collapsed/);
    await toggle('API').getByRole('button').click();
    await expect(category('API')).not.toHaveClass(/menu__list-item--collapsed/);
    await expect(category('Command line')).not.toHaveClass(/menu__list-item--collapsed/);
  });
});

// The breadcrumbs hydrate as a part after the page's shell; a page's <Head>s render once it has hydrated
// (src/plugins/deferred-hydration/Head.tsx): after a link the head is the new page's.
test("a breadcrumb leads up without reloading, and the head becomes the page's it leads to", async ({page}) => {
  await page.goto('/api/reference/targets-scans-create');
  await waitForHydration(page);
  // Once hydrated, the head the server wrote stands as it was, each tag once.
  await expect(page).toHaveTitle(new RegExp(`^Start a scan \\| ${productName}`));
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/api\/reference\/targets-scans-create$/);
  await expect(page.locator('head meta[property="og:title"]')).toHaveCount(1);
  await page.evaluate(() => Object.assign(window, {notReloaded: true}));
  const breadcrumbs = page.getByRole('navigation', {name: 'Breadcrumbs'});
  await expect(breadcrumbs.getByRole('listitem')).toHaveText(['', 'API', 'Reference', 'Targets', 'Start a scan']);
  await breadcrumbs.getByRole('link', {name: 'Targets', exact: true}).click();
  await expect(page).toHaveURL(/\/api\/reference\/targets$/);
  await expect(page.locator('article h1')).toHaveText('Targets API');
  expect(await page.evaluate(() => (window as unknown as {notReloaded?: boolean}).notReloaded)).toBe(true);
  await expect(page).toHaveTitle(new RegExp(`^Targets API \\| ${productName}`));
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/api\/reference\/targets$/);
  await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute('content', new RegExp(`^Targets API \\| ${productName}`));
});

test('the footer links to every section, the search page, the product and the help centre', async ({page}) => {
  await page.goto('/');
  const footer = page.locator('footer');
  const hrefs = await footer.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual([
    '/api/overview-api-documentation',
    '/api/quick-start',
    '/api/tutorials',
    '/api/reference',
    '/api/changelog',
    '/cli/overview-cli-documentation',
    '/cli/quick-start',
    '/cli/reference',
    '/concepts/core-concepts-overview',
    '/search',
    productUrl,
    helpUrl,
  ]);
  for (const href of hrefs.filter((href) => href!.startsWith('/'))) {
    expect((await page.request.get(href!)).status(), href!).toBe(200);
  }
});

test.describe('mobile drawer', () => {
  test.skip(({isMobile}) => !isMobile, 'below 996 px');

  async function openDrawer(page: import('@playwright/test').Page) {
    await waitForHydration(page);
    return openNavbarDrawer(page);
  }

  test('the navbar collapses into a drawer that closes on item click', async ({page}) => {
    await page.goto('/');
    await expect(page.locator('.navbar__items .navbar__link').first()).toBeHidden();
    // On a docs page the drawer opens on the sidebar; its items close it.
    let drawer = await openDrawer(page);
    await drawer.locator('a[href="/concepts/target-concept"]').click();
    await expect(page).toHaveURL(/\/concepts\/target-concept$/);
    await expect(drawer).toBeHidden();
    // The main menu's items close it too.
    drawer = await openDrawer(page);
    await drawer.getByRole('button', {name: 'Back to main menu'}).click();
    await drawer.getByRole('link', {name: 'CLI'}).click();
    await expect(page).toHaveURL(/\/cli\/overview-cli-documentation$/);
    await expect(drawer).toBeHidden();
  });

  test('the drawer is built the first time it opens, not as the page loads', async ({page}) => {
    await page.goto('/concepts/scan-concept');
    await waitForHydration(page);
    // The renders that follow hydration are done two frames on.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(page.locator('.navbar-sidebar')).toHaveCount(0);
    const drawer = await openDrawer(page);
    await expect(drawer.locator('a[href="/concepts/finding-concept"]')).toBeVisible();
  });

  test('the drawer closes on back navigation', async ({page}) => {
    await page.goto('/concepts/scan-concept');
    await page.goto('/concepts/finding-concept');
    const drawer = await openDrawer(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/concepts\/scan-concept$/);
    await expect(drawer).toBeHidden();
  });

  test('the drawer closes when the window grows to desktop width', async ({page}) => {
    await page.goto('/');
    const drawer = await openDrawer(page);
    await page.setViewportSize({width: 1200, height: 800});
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Concepts'})).toBeVisible();
  });
});
