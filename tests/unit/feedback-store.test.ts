/**
 * The service's feedback in its state store, on SQLite and on a real
 * PostgreSQL server alike: concurrent posts stored exactly once, the bounds
 * (a full store answers 503 and stores nothing), retention, and the one-time
 * import of the earlier JSON-lines file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {RETRY_AFTER_SECONDS} from '../../lib/feedback/intake';
import {openFeedback} from '../../lib/feedback/open';
import type {FeedbackBounds, FeedbackRow} from '../../lib/feedback/store';
import {ENGINES, freshStores} from '../state-stores';

const newStore = freshStores();
const roomy: FeedbackBounds = {retentionDays: 30, maxRowsPerPage: 1000, maxRows: 1000};
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-store-'));
afterAll(() => fs.rmSync(scratch, {recursive: true, force: true}));
const noLegacy = path.join(scratch, 'none.jsonl');

async function allRows(rows: AsyncIterable<FeedbackRow>): Promise<FeedbackRow[]> {
  const all: FeedbackRow[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

describe.each(ENGINES)('feedback on %s', (engine) => {
  it('stores 200 concurrent posts exactly once each', {timeout: 60_000}, async () => {
    const intake = await openFeedback({location: await newStore(engine), bounds: roomy, legacyFile: noLegacy});
    try {
      const outcomes = await Promise.all(
        Array.from({length: 200}, (_, index) => intake.submit({page: `/api/page-${index % 7}`, helpful: index % 2 === 0, comment: `post ${index}`}, 'page')),
      );
      expect(outcomes.every((outcome) => outcome.status === 204)).toBe(true);
      const comments = (await allRows(intake.store.rows(37))).map((row) => row.comment);
      expect(comments).toHaveLength(200);
      expect(new Set(comments).size).toBe(200);
    } finally {
      await intake.close();
    }
  });

  it('never passes the bound under concurrent posts: exactly as many stored as it allows', {timeout: 60_000}, async () => {
    const intake = await openFeedback({location: await newStore(engine), bounds: {retentionDays: 30, maxRowsPerPage: 1000, maxRows: 10}, legacyFile: noLegacy});
    try {
      const outcomes = await Promise.all(Array.from({length: 40}, (_, index) => intake.submit({page: `/api/${index}`, helpful: true}, 'page')));
      expect(outcomes.filter((outcome) => outcome.status === 204)).toHaveLength(10);
      expect(outcomes.filter((outcome) => outcome.status === 503)).toHaveLength(30);
      expect(await allRows(intake.store.rows())).toHaveLength(10);
    } finally {
      await intake.close();
    }
  });

  it('answers 503 with Retry-After when the store or the page is full, and stores nothing then', {timeout: 60_000}, async () => {
    const intake = await openFeedback({location: await newStore(engine), bounds: {retentionDays: 30, maxRowsPerPage: 2, maxRows: 3}, legacyFile: noLegacy});
    try {
      expect((await intake.submit({page: '/a', helpful: true}, 'page')).status).toBe(204);
      expect((await intake.submit({page: '/a', helpful: false}, 'mcp')).status).toBe(204);
      const pageFull = await intake.submit({page: '/a', comment: 'one too many for /a'}, 'page');
      expect(pageFull).toEqual({
        status: 503,
        error: expect.stringContaining("this page's feedback is at its limit of 2"),
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
      expect((await intake.submit({page: '/b', helpful: true}, 'page')).status).toBe(204);
      // Concurrent posts against a full store: none gets in.
      const outcomes = await Promise.all(Array.from({length: 20}, (_, index) => intake.submit({page: `/c${index}`, helpful: true}, 'page')));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(20).fill(503));
      expect(outcomes[0]).toMatchObject({error: expect.stringContaining('the feedback store is full')});
      const rows = await allRows(intake.store.rows());
      expect(rows.map((row) => row.page)).toEqual(['/a', '/a', '/b']);
    } finally {
      await intake.close();
    }
  });

  it('deletes the rows older than the retention, and takes new ones in their place', {timeout: 60_000}, async () => {
    const intake = await openFeedback({location: await newStore(engine), bounds: {retentionDays: 30, maxRowsPerPage: 1000, maxRows: 2}, legacyFile: noLegacy});
    try {
      const now = Date.now();
      const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000);
      await intake.store.add({page: '/old', helpful: true}, 'page', daysAgo(31));
      await intake.store.add({page: '/recent', helpful: true}, 'page', daysAgo(29));
      expect(await intake.store.deleteExpired(daysAgo(0))).toBe(1);
      expect((await allRows(intake.store.rows())).map((row) => row.page)).toEqual(['/recent']);
      // A full store frees the expired rows before it counts.
      await intake.store.add({page: '/new', helpful: true}, 'page', daysAgo(0));
      expect(await intake.store.add({page: '/later', helpful: true}, 'page', daysAgo(-2))).toEqual({stored: expect.objectContaining({page: '/later'})});
      expect((await allRows(intake.store.rows())).map((row) => row.page)).toEqual(['/new', '/later']);
    } finally {
      await intake.close();
    }
  });

  it('imports the JSON-lines file once, skipping and counting a torn last line, and renames it', {timeout: 60_000}, async () => {
    const location = await newStore(engine);
    const legacy = path.join(scratch, `${engine}-feedback.jsonl`);
    const lines = [
      {at: '2026-11-01T10:00:00.000Z', source: 'page', page: '/api/quick-start', helpful: false, comment: 'Old comment'},
      {at: '2026-11-02T10:00:00.000Z', source: 'mcp', page: '/concepts/scan-concept', helpful: true},
      {at: '2026-11-03T10:00:00.000Z', source: 'page', page: '/api/overview', comment: 'Kept as it was: \u001b[2J'},
    ].map((entry) => JSON.stringify(entry));
    const content = `${lines.join('\n')}\n{"at":"2026-11-04T10:00:00.000Z","source":"pa`;
    fs.writeFileSync(legacy, content);
    const longRetention = {...roomy, retentionDays: 100_000};
    const first = await openFeedback({location, bounds: longRetention, legacyFile: legacy});
    await first.close();
    expect(fs.existsSync(legacy)).toBe(false);
    const renamed = fs.readdirSync(scratch).filter((name) => name.startsWith(`${engine}-feedback.jsonl.imported-`));
    expect(renamed).toHaveLength(1);
    expect(fs.readFileSync(path.join(scratch, renamed[0]), 'utf8')).toBe(content);
    // The same file again (put back by hand, or a crash before the rename): nothing is imported twice.
    fs.writeFileSync(legacy, content);
    const second = await openFeedback({location, bounds: longRetention, legacyFile: legacy});
    try {
      const rows = await allRows(second.store.rows());
      expect(rows.map(({received_at, source, page, helpful, comment}) => ({received_at, source, page, helpful, comment}))).toEqual([
        {received_at: '2026-11-01T10:00:00.000Z', source: 'page', page: '/api/quick-start', helpful: 0, comment: 'Old comment'},
        {received_at: '2026-11-02T10:00:00.000Z', source: 'mcp', page: '/concepts/scan-concept', helpful: 1, comment: null},
        {received_at: '2026-11-03T10:00:00.000Z', source: 'page', page: '/api/overview', helpful: null, comment: 'Kept as it was: \u001b[2J'},
      ]);
      const [record] = await second.store.state.db.selectFrom('store_import').selectAll().execute();
      expect(record).toMatchObject({rows: 3, skipped: 1});
    } finally {
      await second.close();
    }
  });
});
