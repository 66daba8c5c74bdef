/**
 * Each API key's sandbox account in the state store: the objects it holds
 * (their API representations as JSON, keyed by account, kind and id), seeded
 * on the key's first request, bounded per kind, and deleted after the
 * configured idle hours or on reset. Every write that checks first (the
 * seed, a bound) runs under the store's `exclusive`, so concurrent requests,
 * in one process or several replicas, cannot seed twice or pass a bound.
 */
import type {Transaction} from 'kysely';
import type {StateStore} from '../store/state-store';
import type {StateTables} from '../store/tables';
import {SandboxError} from './errors';

export type Json = Record<string, unknown>;

export interface StoredObject {
  kind: string;
  id: string;
  parent: string | null;
  body: Json;
}

/** Most objects of one kind an account keeps: a public sandbox stays small whatever a key sends. */
export const OBJECTS_PER_KIND = 200;

/** How often an account's last use is written: every request would be a write for nothing. */
const TOUCH_INTERVAL_MS = 60_000;

type Db = StateStore['db'] | Transaction<StateTables>;

export class AccountStore {
  /** Accounts known to exist, with when this process last wrote their use. */
  private readonly touched = new Map<string, number>();
  private position = 0;

  constructor(
    private readonly store: StateStore,
    private readonly seed: () => StoredObject[],
    private readonly now: () => number = Date.now,
  ) {}

  /** Makes sure the account exists, seeded, and records its use. */
  async open(account: string): Promise<void> {
    const at = this.now();
    const last = this.touched.get(account);
    if (last !== undefined && at - last < TOUCH_INTERVAL_MS) return;
    const iso = new Date(at).toISOString();
    const updated = await this.store.db.updateTable('sandbox_account').set({last_used_at: iso}).where('account', '=', account).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await this.store.exclusive(async (trx) => {
        const exists = await trx.selectFrom('sandbox_account').select('account').where('account', '=', account).executeTakeFirst();
        if (exists) return;
        await trx.insertInto('sandbox_account').values({account, created_at: iso, last_used_at: iso}).execute();
        const objects = this.seed();
        for (let start = 0; start < objects.length; start += 50) {
          await trx
            .insertInto('sandbox_object')
            .values(objects.slice(start, start + 50).map((object) => this.row(account, object)))
            .execute();
        }
      });
    }
    this.touched.set(account, at);
  }

  private row(account: string, object: StoredObject) {
    this.position = Math.max(this.position + 1, this.now() * 1000);
    return {account, kind: object.kind, id: object.id, parent: object.parent, position: this.position, body: JSON.stringify(object.body)};
  }

  /** The account's objects of a kind, oldest first; of one parent when given. */
  async list(account: string, kind: string, parent?: string, db: Db = this.store.db): Promise<StoredObject[]> {
    let query = db.selectFrom('sandbox_object').select(['kind', 'id', 'parent', 'body']).where('account', '=', account).where('kind', '=', kind);
    if (parent !== undefined) query = query.where('parent', '=', parent);
    const rows = await query.orderBy('position').execute();
    return rows.map((row) => ({...row, body: JSON.parse(row.body) as Json}));
  }

  async get(account: string, kind: string, id: string, db: Db = this.store.db): Promise<StoredObject | undefined> {
    const row = await db
      .selectFrom('sandbox_object')
      .select(['kind', 'id', 'parent', 'body'])
      .where('account', '=', account)
      .where('kind', '=', kind)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && {...row, body: JSON.parse(row.body) as Json};
  }

  /** Adds a new object; refuses one past the kind's bound. */
  async create(account: string, object: StoredObject, db?: Transaction<StateTables>): Promise<void> {
    const work = async (trx: Transaction<StateTables>) => {
      const {count} = await trx
        .selectFrom('sandbox_object')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('account', '=', account)
        .where('kind', '=', object.kind)
        .executeTakeFirstOrThrow();
      if (Number(count) >= OBJECTS_PER_KIND) {
        throw new SandboxError(
          409,
          'no_free_slot',
          `The sandbox keeps at most ${OBJECTS_PER_KIND} ${object.kind} per API key: delete some, or reset the sandbox.`,
        );
      }
      await trx.insertInto('sandbox_object').values(this.row(account, object)).execute();
    };
    await (db ? work(db) : this.store.exclusive(work));
  }

  async update(account: string, object: StoredObject, db: Db = this.store.db): Promise<void> {
    await db
      .updateTable('sandbox_object')
      .set({body: JSON.stringify(object.body)})
      .where('account', '=', account)
      .where('kind', '=', object.kind)
      .where('id', '=', object.id)
      .execute();
  }

  /** Deletes an object and the objects that belong to it (a target's scans and findings). */
  async remove(account: string, kind: string, id: string): Promise<boolean> {
    return this.store.exclusive(async (trx) => {
      const deleted = await trx.deleteFrom('sandbox_object').where('account', '=', account).where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
      await trx.deleteFrom('sandbox_object').where('account', '=', account).where('parent', '=', id).execute();
      return Number(deleted.numDeletedRows) > 0;
    });
  }

  /** Runs check-then-write work on the account's objects alone among writers. */
  exclusive<T>(work: (trx: Transaction<StateTables>) => Promise<T>): Promise<T> {
    return this.store.exclusive(work);
  }

  /** The API user a key issued through the API belongs to, and its account; undefined for any other key. */
  async issuedKey(keyHash: string): Promise<{account: string; apiUserId: string; revoked: boolean} | undefined> {
    const row = await this.store.db.selectFrom('sandbox_key').select(['account', 'api_user_id', 'revoked']).where('key', '=', keyHash).executeTakeFirst();
    return row && {account: row.account, apiUserId: row.api_user_id, revoked: Boolean(row.revoked)};
  }

  /** Records an API user's new key; its earlier keys stop working, as a rotation does. */
  async issueKey(account: string, apiUserId: string, keyHash: string): Promise<void> {
    await this.store.exclusive(async (trx) => {
      await trx.updateTable('sandbox_key').set({revoked: 1}).where('account', '=', account).where('api_user_id', '=', apiUserId).execute();
      await trx.insertInto('sandbox_key').values({key: keyHash, account, api_user_id: apiUserId}).execute();
    });
  }

  /** Deletes the account and everything in it; the key's next request seeds it anew. */
  async reset(account: string): Promise<void> {
    await this.store.exclusive(async (trx) => {
      await trx.deleteFrom('sandbox_key').where('account', '=', account).execute();
      await trx.deleteFrom('sandbox_webhook_attempt').where('account', '=', account).execute();
      await trx.deleteFrom('sandbox_webhook_event').where('account', '=', account).execute();
      await trx.deleteFrom('sandbox_object').where('account', '=', account).execute();
      await trx.deleteFrom('sandbox_account').where('account', '=', account).execute();
    });
    this.touched.delete(account);
  }

  /** Deletes the accounts unused for `idleHours`; returns how many. */
  async expire(idleHours: number): Promise<number> {
    const before = new Date(this.now() - idleHours * 3600_000).toISOString();
    const idle = await this.store.db.selectFrom('sandbox_account').select('account').where('last_used_at', '<', before).execute();
    for (const {account} of idle) await this.reset(account);
    return idle.length;
  }
}
