/** Reader feedback in the service's state store (../store/). Bounds per page and overall, and a retention, keep it from growing without end. */
import type {StateStore} from '../store/state-store';
import type {FeedbackTable} from '../store/tables';
import type {Selectable} from 'kysely';
import type {FeedbackInput} from './input';

export type FeedbackSource = 'page' | 'mcp';

export interface FeedbackEntry extends FeedbackInput {
  at: string;
  source: FeedbackSource;
}

export type FeedbackRow = Selectable<FeedbackTable>;

export interface FeedbackBounds {
  retentionDays: number;
  maxRowsPerPage: number;
  maxRows: number;
}

export type FeedbackFull = 'page' | 'store';

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_INTERVAL_MS = 60_000;

export const feedbackRow = (entry: FeedbackEntry): Omit<FeedbackRow, 'id'> => ({
  received_at: entry.at,
  source: entry.source,
  page: entry.page,
  helpful: entry.helpful === undefined ? null : Number(entry.helpful),
  comment: entry.comment ?? null,
});

export function feedbackEntryOf(row: FeedbackRow): FeedbackEntry | undefined {
  if (row.source !== 'page' && row.source !== 'mcp') return undefined;
  if (typeof row.page !== 'string' || row.page === '' || Number.isNaN(Date.parse(row.received_at))) return undefined;
  if (row.helpful !== null && row.helpful !== 0 && row.helpful !== 1) return undefined;
  if (row.comment !== null && typeof row.comment !== 'string') return undefined;
  return {
    at: row.received_at,
    source: row.source,
    page: row.page,
    ...(row.helpful === null ? {} : {helpful: row.helpful === 1}),
    ...(row.comment === null ? {} : {comment: row.comment}),
  };
}

export class FeedbackStore {
  #lastExpiry = -Infinity;

  constructor(
    readonly state: StateStore,
    readonly bounds: FeedbackBounds,
  ) {}

  /**
   * Expired rows go first (at most once a minute), then the counts and the insert
   * hold together against every other writer, so no bound is passed however many
   * replicas post at once.
   */
  async add(input: FeedbackInput, source: FeedbackSource, now = new Date()): Promise<{stored: FeedbackEntry} | {full: FeedbackFull}> {
    const entry: FeedbackEntry = {at: now.toISOString(), source, ...input};
    if (now.getTime() - this.#lastExpiry >= EXPIRY_INTERVAL_MS) await this.deleteExpired(now);
    return this.state.exclusive(async (trx) => {
      const {rows, onPage} = await trx
        .selectNoFrom((eb) => [
          eb.selectFrom('feedback').select(eb.fn.countAll<number>().as('rows')).as('rows'),
          eb.selectFrom('feedback').where('page', '=', entry.page).select(eb.fn.countAll<number>().as('onPage')).as('onPage'),
        ])
        .executeTakeFirstOrThrow();
      if (Number(rows) >= this.bounds.maxRows) return {full: 'store'};
      if (Number(onPage) >= this.bounds.maxRowsPerPage) return {full: 'page'};
      await trx.insertInto('feedback').values(feedbackRow(entry)).execute();
      return {stored: entry};
    });
  }

  async deleteExpired(now = new Date()): Promise<number> {
    this.#lastExpiry = now.getTime();
    const result = await this.state.db.deleteFrom('feedback').where('received_at', '<', this.#expiry(now)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** A page of rows at a time after the last id seen, so memory stays that of one page. */
  async *rows(pageSize = 500): AsyncGenerator<FeedbackRow> {
    let after = 0;
    for (;;) {
      const page = await this.state.db.selectFrom('feedback').selectAll().where('id', '>', after).orderBy('id').limit(pageSize).execute();
      yield* page;
      if (page.length < pageSize) return;
      after = page[page.length - 1].id;
    }
  }

  #expiry(now: Date): string {
    return new Date(now.getTime() - this.bounds.retentionDays * DAY_MS).toISOString();
  }
}
