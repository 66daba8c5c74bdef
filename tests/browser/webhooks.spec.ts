/**
 * Webhooks as a reader meets them: the guide's receiver in the three
 * languages, one tab each, and the reference's webhook events page with a
 * section per event, reached from the sidebar and the Webhooks group.
 */
import fs from 'node:fs';
import path from 'node:path';
import {contractOutput, repoRoot} from '../../lib/paths';
import {ANY_WIDTH_TAG, expect, openNavbarDrawer, test, waitForHydration} from './fixtures';

const eventTypes: string[] = JSON.parse(fs.readFileSync(contractOutput.json, 'utf8')).components.schemas.WebhookEventType.enum;

test('the guide shows its receiver in Python, JavaScript and Go, one tab each', {tag: ANY_WIDTH_TAG}, async ({page}) => {
  await page.goto('/guides/receive-and-verify-webhooks');
  await waitForHydration(page);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Receive and verify webhooks');
  // The receivers' tabs, not the request samples' (those have a curl tab).
  const receivers = page
    .locator('article .tabs-container')
    .filter({hasNot: page.getByRole('tab', {name: 'curl'})})
    .first();
  await expect(receivers.getByRole('tab')).toHaveText(['Python', 'JavaScript', 'Go']);
  for (const [tab, file] of [
    ['Python', 'receiver.py'],
    ['JavaScript', 'receiver.mjs'],
    ['Go', 'receiver.go'],
  ]) {
    // The verifying function's first line, as the file the guide includes writes it.
    const source = fs.readFileSync(path.join(repoRoot, 'docs/guides/receive-webhooks', file), 'utf8');
    const code = source.split('\n').find((line) => /^(?:def verify_delivery|function verifyDelivery|func verifyDelivery)\(/.test(line))!;
    await receivers.getByRole('tab', {name: tab}).click();
    await expect(receivers.getByRole('tab', {name: tab})).toHaveAttribute('aria-selected', 'true');
    await expect(receivers.getByRole('tabpanel').locator('pre')).toBeVisible();
    await expect(receivers.getByRole('tabpanel').locator('pre')).toContainText(code);
  }
});

test('the reference shows every webhook event, and the Webhooks group leads to it', async ({page}) => {
  await page.goto('/api/reference/webhooks');
  await waitForHydration(page);
  await page.locator('article a.card').filter({hasText: 'Webhook events'}).click();
  await expect(page).toHaveURL(/\/api\/reference\/webhook-events$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Webhook events');
  await expect(page.locator('article h2')).toHaveText(eventTypes);
  const completed = page.locator('article h2#scan_completed');
  await page.locator('article table a[href="#scan_completed"]').click();
  await expect(completed).toBeInViewport();
});

test('the sidebar leads to the guide', async ({page, isMobile}) => {
  await page.goto('/api/overview-api-documentation');
  await waitForHydration(page);
  // Below 996 px the sidebar is in the navbar's drawer.
  if (isMobile) await openNavbarDrawer(page);
  const sidebar = page.locator(isMobile ? '.navbar-sidebar' : 'nav.menu');
  await sidebar.locator('a[href="/guides/receive-and-verify-webhooks"]').click();
  await expect(page).toHaveURL(/\/guides\/receive-and-verify-webhooks$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Receive and verify webhooks');
});
