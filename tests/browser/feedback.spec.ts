/**
 * "Was this page helpful?" under every docs page: sent from a page behind
 * nginx to the portal's service, which keeps it in its store, SQLite or
 * PostgreSQL, across a restart of the service, where the report finds it; on
 * a static host without the service the control is left out, without an
 * error, and the page stays whole.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {startNginx} from '../../lib/deploy/nginx-server';
import {repoRoot} from '../../lib/paths';
import {startPostgresServer} from '../../lib/store/postgres-server';
import type {StateStoreLocation, StoreEngine} from '../../lib/store/state-store';
import {FEEDBACK_PATH} from '../../src/shared/feedback';
import {readFeedback, startFeedbackService} from '../feedback-service';
import {ANY_WIDTH_TAG, expect, test, waitForHydration} from './fixtures';
import {freePort} from '../../lib/serve/free-port';

async function sendFromPage(page: Page, url: string, answer: 'Yes' | 'No', comment: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
  const feedback = page.getByRole('form', {name: 'Page feedback'});
  await expect(feedback.getByRole('group', {name: 'Was this page helpful?'})).toBeVisible();
  await feedback.getByRole('button', {name: answer}).click();
  await expect(feedback.getByRole('button', {name: answer})).toHaveAttribute('aria-pressed', 'true');
  await feedback.getByLabel(answer === 'No' ? 'What was missing or wrong? (optional)' : 'Anything to add? (optional)').fill(comment);
  await feedback.getByRole('button', {name: 'Send feedback'}).click();
  await expect(feedback.getByRole('status')).toHaveText('Thank you: your feedback is sent.');
}

for (const engine of ['postgres', 'sqlite'] satisfies StoreEngine[]) {
  test(`feedback sent from a page behind nginx is kept in ${engine} across a restart of the service, and reported`, {tag: ANY_WIDTH_TAG}, async ({page}) => {
    test.setTimeout(180_000);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-feedback-browser-'));
    const postgres = engine === 'postgres' ? await startPostgresServer() : undefined;
    try {
      const location: StateStoreLocation = postgres
        ? {databaseUrl: await postgres.createDatabase('feedback'), file: ''}
        : {file: path.join(scratch, 'state.sqlite')};
      const servicePort = await freePort();
      let service = await startFeedbackService(servicePort, location);
      const nginx = await startNginx({port: await freePort(), servicePort});
      const before = `Before the restart, on ${engine}: an example with a proxy, please.`;
      const after = `After the restart, on ${engine}: found it.`;
      try {
        await sendFromPage(page, `${nginx.url}/api/quick-start`, 'No', before);
        await service.close();
        service = await startFeedbackService(servicePort, location);
        await sendFromPage(page, `${nginx.url}/concepts/target-concept`, 'Yes', after);
      } finally {
        await nginx.close();
        await service.close();
      }
      expect(await readFeedback(location)).toEqual([
        expect.objectContaining({page: '/api/quick-start', helpful: false, comment: before, source: 'page'}),
        expect.objectContaining({page: '/concepts/target-concept', helpful: true, comment: after, source: 'page'}),
      ]);
      const report = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'scripts/feedback-report.ts'], {
        cwd: repoRoot,
        encoding: 'utf8',
        env: {...process.env, PORTAL_DATABASE_URL: location.databaseUrl ?? '', PORTAL_DATABASE_FILE: location.file || path.join(scratch, 'unused.sqlite')},
      });
      expect(report.status, report.stderr).toBe(0);
      expect(report.stdout).toContain('Feedback on 2 page(s), 2 submission(s)');
      expect(report.stdout).toContain(`/concepts/target-concept (helpful), from the page:\n  ${after}`);
      expect(report.stdout).toContain(`/api/quick-start (not helpful), from the page:\n  ${before}`);
      expect(report.stdout).toContain(engine === 'postgres' ? '(from PostgreSQL at 127.0.0.1:' : `(from ${location.file})`);
    } finally {
      await postgres?.stop();
      fs.rmSync(scratch, {recursive: true, force: true});
    }
  });
}

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
