/**
 * "Was this page helpful?" under every docs page: sent from a page behind
 * nginx to the portal's service, which stores it; on a static host without
 * the service the control is left out, without an error, and the page stays
 * whole.
 */
import {readFeedback} from '../../lib/feedback/store';
import {feedbackFile, nginxPort} from '../../playwright.config';
import {FEEDBACK_PATH} from '../../src/shared/feedback';
import {expect, test, waitForHydration} from './fixtures';

test('feedback sent from a page behind nginx is stored, with its comment', async ({page}, testInfo) => {
  const comment = `The ${testInfo.project.name} test wants an example with a proxy (${Date.now()}).`;
  await page.goto(`http://127.0.0.1:${nginxPort}/api/quick-start`);
  await waitForHydration(page);
  const feedback = page.getByRole('form', {name: 'Page feedback'});
  await expect(feedback.getByRole('group', {name: 'Was this page helpful?'})).toBeVisible();
  await feedback.getByRole('button', {name: 'No'}).click();
  await expect(feedback.getByRole('button', {name: 'No'})).toHaveAttribute('aria-pressed', 'true');
  await feedback.getByLabel('What was missing or wrong? (optional)').fill(comment);
  await feedback.getByRole('button', {name: 'Send feedback'}).click();
  await expect(feedback.getByRole('status')).toHaveText('Thank you: your feedback is sent.');
  const stored = readFeedback(feedbackFile).filter((entry) => entry.comment === comment);
  expect(stored).toEqual([expect.objectContaining({page: '/api/quick-start', helpful: false, comment, source: 'page'})]);
});

test('on a static host the control is left out, its question answered without an error, and the page stays whole', async ({page}) => {
  // The fixture fails the test on any console error: a failed question would log one.
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === FEEDBACK_PATH);
  await page.goto('/concepts/target-concept');
  await waitForHydration(page);
  expect((await asked).status()).toBe(200);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Targets');
  await expect(page.locator('form[aria-label="Page feedback"]')).toHaveCount(0);
  await expect(page.getByRole('button', {name: 'Yes'})).toHaveCount(0);
  // The pagination under the content is still there to go on reading.
  await expect(page.locator('.pagination-nav')).toBeVisible();
});
