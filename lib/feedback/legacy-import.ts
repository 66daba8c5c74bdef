/**
 * The earlier JSON-lines store (FEEDBACK_FILE), imported once: its hash is
 * recorded in the rows' transaction, so a second start or a replica imports
 * nothing twice. The file is renamed, never deleted; a torn line is skipped and
 * counted.
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import {z} from 'zod';
import {MAX_COMMENT_LENGTH, MAX_PAGE_LENGTH} from '../../src/shared/feedback';
import {feedbackRow, type FeedbackEntry, type FeedbackStore} from './store';

const legacyEntry = z.object({
  at: z.iso.datetime({offset: true}),
  source: z.enum(['page', 'mcp']),
  page: z.string().min(1).max(MAX_PAGE_LENGTH),
  helpful: z.boolean().optional(),
  comment: z.string().max(MAX_COMMENT_LENGTH).optional(),
});

const ROWS_PER_INSERT = 500;

export interface ImportResult {
  already: boolean;
  imported: number;
  skipped: number;
  renamedTo: string;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function importFeedbackLines(store: FeedbackStore, file: string, now = new Date()): Promise<ImportResult | undefined> {
  if (!fs.existsSync(file)) return undefined;
  const sha256 = await sha256Of(file);
  const counts = await store.state.exclusive(async (trx) => {
    if (await trx.selectFrom('store_import').select('sha256').where('sha256', '=', sha256).executeTakeFirst()) return {already: true, imported: 0, skipped: 0};
    let imported = 0;
    let skipped = 0;
    let batch: FeedbackEntry[] = [];
    const flush = async () => {
      if (batch.length) await trx.insertInto('feedback').values(batch.map(feedbackRow)).execute();
      imported += batch.length;
      batch = [];
    };
    for await (const line of readline.createInterface({input: fs.createReadStream(file), crlfDelay: Infinity})) {
      if (!line.trim()) continue;
      let parsed;
      try {
        parsed = legacyEntry.safeParse(JSON.parse(line));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        skipped += 1;
        continue;
      }
      batch.push(parsed.data);
      if (batch.length === ROWS_PER_INSERT) await flush();
    }
    await flush();
    await trx.insertInto('store_import').values({sha256, imported_at: now.toISOString(), rows: imported, skipped}).execute();
    return {already: false, imported, skipped};
  });
  const renamedTo = `${file}.imported-${now.toISOString().replace(/[:.]/g, '-')}`;
  fs.renameSync(file, renamedTo);
  return {...counts, renamedTo};
}
