/**
 * The API's rate limits, at the numbers the contract documents: 300 requests
 * per 60 s per key and 1,200 per account, in fixed windows that begin with
 * the first request after the previous one ended, with the IETF draft's
 * `RateLimit` and `RateLimit-Policy` headers on every answer. Counted in the
 * state store, one upsert of the key's and the account's rows per request,
 * so that replicas on one database share each key's budget.
 */
import {sql} from 'kysely';
import type {StateStore} from '../store/state-store';

export const PER_KEY_QUOTA = 300;
export const PER_ACCOUNT_QUOTA = 1200;
export const WINDOW_SECONDS = 60;

const WINDOW_MS = WINDOW_SECONDS * 1000;

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

const POLICY = `"per-key";q=${PER_KEY_QUOTA};w=${WINDOW_SECONDS}, "per-account";q=${PER_ACCOUNT_QUOTA};w=${WINDOW_SECONDS}`;

export class RateLimiter {
  constructor(
    private readonly store: StateStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of the key (by its hash) and of its account; refuses it, with `Retry-After`, past either quota. */
  async admit(keyHash: string, account: string): Promise<RateDecision> {
    const at = this.now();
    const keyName = `key:${keyHash}`;
    const accountName = `account:${account}`;
    // A row whose window ended starts a new one at this request; any other counts it.
    const ended = sql<boolean>`sandbox_rate_window.window_start_ms <= ${at - WINDOW_MS}`;
    const rows = await this.store.db
      .insertInto('sandbox_rate_window')
      .values([
        {name: keyName, window_start_ms: at, used: 1},
        {name: accountName, window_start_ms: at, used: 1},
      ])
      .onConflict((conflict) =>
        conflict.column('name').doUpdateSet({
          used: sql<number>`case when ${ended} then 1 else sandbox_rate_window.used + 1 end`,
          window_start_ms: sql<number>`case when ${ended} then excluded.window_start_ms else sandbox_rate_window.window_start_ms end`,
        }),
      )
      .returning(['name', 'used', 'window_start_ms'])
      .execute();
    const row = (name: string) => rows.find((each) => each.name === name)!;
    const reset = (name: string) => Math.ceil((Number(row(name).window_start_ms) + WINDOW_MS - at) / 1000);
    const perKeyLeft = PER_KEY_QUOTA - Number(row(keyName).used);
    const refused = perKeyLeft < 0 ? keyName : PER_ACCOUNT_QUOTA - Number(row(accountName).used) < 0 ? accountName : undefined;
    const headers: Record<string, string> = {'RateLimit-Policy': POLICY};
    if (refused) {
      headers.RateLimit = `"${refused === keyName ? 'per-key' : 'per-account'}";r=0;t=${reset(refused)}`;
      headers['Retry-After'] = String(Math.max(1, reset(refused)));
      return {allowed: false, headers};
    }
    headers.RateLimit = `"per-key";r=${perKeyLeft};t=${reset(keyName)}`;
    return {allowed: true, headers};
  }

  /** Deletes the windows that ended, so the store does not grow with every key it ever saw. */
  async forgetEnded(): Promise<void> {
    await this.store.db
      .deleteFrom('sandbox_rate_window')
      .where('window_start_ms', '<=', this.now() - WINDOW_MS)
      .execute();
  }
}
