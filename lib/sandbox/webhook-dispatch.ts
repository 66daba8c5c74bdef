/**
 * Webhook deliveries on the sandbox as the API makes them. The accounts
 * whose changes a process took are swept for the events their scans and
 * re-tests reach. An announced event, once per account whichever replica
 * sees it first, queues one
 * delivery to each active webhook of the account subscribed to it (the
 * webhook of its target, or of every target) that existed when it happened.
 * A failed attempt is tried again on the webhook guide's schedule, on the
 * sandbox's clock, 6 attempts in all; a redelivery and a refused delivery
 * (./webhooks.ts) are sent once. Waiting attempts are kept in the state
 * store and claimed under its lock, so each is sent once by one replica;
 * every attempt sent is recorded among the webhook's deliveries.
 */
import type {Transaction} from 'kysely';
import type {StateStore} from '../store/state-store';
import type {StateTables} from '../store/tables';
import {type AccountStore, type Json, OBJECTS_PER_KIND, type StoredObject} from './account-store';
import {freshId} from './ids';
import {QUEUED_SECONDS, RUNNING_SECONDS} from './scan-clock';
import type {DueEvent} from './webhook-events';
import {deliver, deliveryRefusal, type WebhookDeliveries, type WebhookSecret} from './webhooks';

/** Minutes after a failed attempt that the next is sent, at clock speed 1: the guide's and the contract's schedule. */
export const RETRY_MINUTES = [2, 4, 8, 16, 32];
export const MAX_ATTEMPTS = RETRY_MINUTES.length + 1;

/** When the attempt after failed attempt number `attempt` is due. */
export const retryDueMs = (attempt: number, failedAtMs: number, speed: number): number => failedAtMs + (RETRY_MINUTES[attempt - 1] * 60_000) / speed;

/** Most delivery attempts an account keeps: past it, the oldest is dropped. */
export const DELIVERIES_KEPT = OBJECTS_PER_KIND;
/** Most attempts of an account waiting to be sent; an event past it is recorded as not sent. */
export const WAITING_PER_ACCOUNT = 100;
/** Most attempts this process sends at once, whatever the accounts: a receiver that never answers holds one for 10 seconds. */
const SENDING_AT_ONCE = 16;
/**
 * How long after an account's last change its scans and re-tests are watched for events: twice a scan's queue and run (a
 * re-test is shorter) on the sandbox's clock, and a margin for a loaded machine's sweeps.
 */
const watchMs = (speed: number): number => (2 * (QUEUED_SECONDS + RUNNING_SECONDS) * 1000) / speed + 10_000;

export interface AnnouncedEvent extends DueEvent {
  /** The target the event is about, for the webhooks of one target. */
  targetId: string | null;
  /** The payload's own fields: `scan` or `finding`, as the API showed it when the event happened. */
  subject: Json;
}

interface Clock {
  now: () => number;
  speed: number;
}

type Waiting = StateTables['sandbox_webhook_attempt'];

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  /** The sweep running now, if one is. */
  private sweep: Promise<void> | undefined;
  private readonly sending = new Set<Promise<void>>();
  /** The accounts whose changes this process took, with when it took the last: the only ones a sweep reads. */
  private readonly watched = new Map<string, number>();

  constructor(
    private readonly store: StateStore,
    private readonly accounts: AccountStore,
    private readonly clock: Clock,
    private readonly allowed: WebhookDeliveries,
    private readonly secretsOf: (webhook: Json) => WebhookSecret[],
  ) {}

  /** Records events not announced before, and queues their deliveries; in `trx` when given, else under the store's lock. */
  async announce(account: string, events: AnnouncedEvent[], trx?: Transaction<StateTables>): Promise<void> {
    if (events.length === 0) return;
    const unknown = async (db: StateStore['db'] | Transaction<StateTables>) => {
      const known = await db
        .selectFrom('sandbox_webhook_event')
        .select('key')
        .where('account', '=', account)
        .where(
          'key',
          'in',
          events.map((event) => event.key),
        )
        .execute();
      const keys = new Set(known.map((row) => row.key));
      return events.filter((event) => !keys.has(event.key));
    };
    // Most sweeps find nothing new: they take the lock only when they do.
    if (!trx && (await unknown(this.store.db)).length === 0) return;
    const work = async (db: Transaction<StateTables>) => {
      const fresh = await unknown(db);
      if (fresh.length === 0) return;
      await db
        .insertInto('sandbox_webhook_event')
        .values(fresh.map((event) => ({account, key: event.key, occurred_at: new Date(event.occurredMs).toISOString()})))
        .execute();
      const webhooks = (await this.accounts.list(account, 'webhooks', undefined, db)).filter((webhook) => webhook.body.active === true);
      for (const event of fresh) {
        const occurredAt = new Date(event.occurredMs).toISOString();
        for (const webhook of webhooks) {
          const {events: subscribed, target, created_at: createdAt} = webhook.body as {events?: string[]; target?: Json | null; created_at?: string};
          if (!subscribed?.includes(event.event) || (target && target.id !== event.targetId) || String(createdAt) > occurredAt) continue;
          const payload: Json = {id: freshId(), test: false, webhook_id: webhook.id, event: event.event, occurred_at: occurredAt, ...event.subject};
          await this.queue(account, webhook, payload, 1, this.clock.now(), true, db);
        }
      }
    };
    await (trx ? work(trx) : this.accounts.exclusive(work));
  }

  /** Sends a delivery again, once, now: a new attempt with the same body; the answer the redeliver operation gives. */
  async redeliver(account: string, webhook: StoredObject, delivery: Json): Promise<Json> {
    const payload = delivery.payload as Json;
    const now = this.clock.now();
    const id = await this.accounts.exclusive((trx) => this.queue(account, webhook, payload, 1, now, false, trx));
    return {id, delivery_id: payload.id, event: payload.event, url: webhook.body.url, payload, queued_at: new Date(now).toISOString()};
  }

  /** Sends one attempt now and records it among the webhook's deliveries, with the webhook's last delivery; the attempt as the API shows it. */
  async send(account: string, webhook: StoredObject, id: string, payload: Json, attempt: number): Promise<Json> {
    const outcome = await deliver(this.allowed, String(webhook.body.url), payload, this.secretsOf(webhook.body), this.clock.now());
    const delivery: Json = {id, event: payload.event, test: payload.test, url: webhook.body.url, payload, attempt, ...outcome};
    await this.accounts.exclusive((trx) => this.record(account, webhook.id, delivery, trx));
    return delivery;
  }

  /** Watches an account that was just changed (a scan started, a re-test asked for) for the events that follow. */
  watch(account: string): void {
    this.watched.set(account, this.clock.now());
  }

  /**
   * Sweeps the watched accounts with `advance` (which announces what their scans and re-tests reached) and sends the attempts
   * that are due, until `stop`. A read of a scan announces its end too, whichever replica takes it.
   */
  start(advance: (account: string) => Promise<void>): void {
    const interval = Math.max(50, Math.min(1000, 2000 / this.clock.speed));
    this.timer = setInterval(() => {
      this.sweep ??= this.tick(advance).finally(() => (this.sweep = undefined));
    }, interval);
    this.timer.unref();
  }

  /** Stops sweeping and waits for the sweep and the attempts being sent. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweep;
    await Promise.all(this.sending);
  }

  private async tick(advance: (account: string) => Promise<void>): Promise<void> {
    try {
      const since = this.clock.now() - watchMs(this.clock.speed);
      for (const [account, changedMs] of this.watched) {
        if (changedMs < since) this.watched.delete(account);
        else await advance(account);
      }
      for (const waiting of await this.claimDue()) {
        const sent = this.sendWaiting(waiting).catch((error: unknown) => console.warn(`The sandbox could not send a webhook delivery: ${String(error)}`));
        this.sending.add(sent);
        void sent.finally(() => this.sending.delete(sent));
      }
    } catch (error) {
      console.warn(`The sandbox's webhook deliveries stopped for a moment: ${String(error)}`);
    }
  }

  /** Takes the attempts due now off the queue, as many as may be sent beside those in flight. */
  private claimDue(): Promise<Waiting[]> {
    const room = SENDING_AT_ONCE - this.sending.size;
    if (room <= 0) return Promise.resolve([]);
    return this.accounts.exclusive(async (trx) => {
      const due = await trx.selectFrom('sandbox_webhook_attempt').selectAll().where('due_ms', '<=', this.clock.now()).orderBy('due_ms').limit(room).execute();
      if (due.length > 0)
        await trx
          .deleteFrom('sandbox_webhook_attempt')
          .where(
            'id',
            'in',
            due.map((row) => row.id),
          )
          .execute();
      return due;
    });
  }

  private async sendWaiting(waiting: Waiting): Promise<void> {
    const webhook = await this.accounts.get(waiting.account, 'webhooks', waiting.webhook_id);
    // A deleted webhook's deliveries in progress are dropped, as the contract says.
    if (!webhook) return;
    const payload = JSON.parse(waiting.payload) as Json;
    const delivery = await this.send(waiting.account, webhook, waiting.id, payload, waiting.attempt);
    const again =
      !delivery.success && waiting.retried === 1 && waiting.attempt < MAX_ATTEMPTS && deliveryRefusal(this.allowed, String(webhook.body.url)) === null;
    if (!again) return;
    const due = retryDueMs(waiting.attempt, this.clock.now(), this.clock.speed);
    await this.accounts.exclusive((trx) => this.queue(waiting.account, webhook, payload, waiting.attempt + 1, due, true, trx));
  }

  /** Queues an attempt; past the account's bound, records it as not sent instead. Returns the attempt's id. */
  private async queue(
    account: string,
    webhook: StoredObject,
    payload: Json,
    attempt: number,
    dueMs: number,
    retried: boolean,
    trx: Transaction<StateTables>,
  ): Promise<string> {
    const id = freshId();
    const {count} = await trx
      .selectFrom('sandbox_webhook_attempt')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('account', '=', account)
      .executeTakeFirstOrThrow();
    if (Number(count) < WAITING_PER_ACCOUNT) {
      await trx
        .insertInto('sandbox_webhook_attempt')
        .values({id, account, webhook_id: webhook.id, attempt, due_ms: dueMs, payload: JSON.stringify(payload), retried: retried ? 1 : 0})
        .execute();
      return id;
    }
    const error = `The sandbox keeps at most ${WAITING_PER_ACCOUNT} webhook deliveries waiting per API key; this one was not sent.`;
    const delivered_at = new Date(this.clock.now()).toISOString();
    const delivery: Json = {id, event: payload.event, test: payload.test, url: webhook.body.url, payload, attempt};
    await this.record(account, webhook.id, {...delivery, success: false, status_code: null, duration_ms: 0, error, response_body: null, delivered_at}, trx);
    return id;
  }

  /** Adds an attempt to the webhook's deliveries, the account's oldest dropped past the bound, and sets the webhook's last delivery. */
  private async record(account: string, webhookId: string, delivery: Json, trx: Transaction<StateTables>): Promise<void> {
    // Every attempt but the newest DELIVERIES_KEPT - 1 makes room for this one.
    const dropped = await trx
      .selectFrom('sandbox_object')
      .select('id')
      .where('account', '=', account)
      .where('kind', '=', 'webhook_deliveries')
      .orderBy('position', 'desc')
      .limit(DELIVERIES_KEPT)
      .offset(DELIVERIES_KEPT - 1)
      .execute();
    if (dropped.length > 0)
      await trx
        .deleteFrom('sandbox_object')
        .where('account', '=', account)
        .where('kind', '=', 'webhook_deliveries')
        .where(
          'id',
          'in',
          dropped.map((row) => row.id),
        )
        .execute();
    await this.accounts.create(account, {kind: 'webhook_deliveries', id: String(delivery.id), parent: webhookId, body: delivery}, trx);
    const webhook = await this.accounts.get(account, 'webhooks', webhookId, trx);
    if (!webhook) return;
    const body = {...webhook.body, last_delivery_at: delivery.delivered_at, last_delivery_status_code: delivery.status_code};
    await this.accounts.update(account, {...webhook, body}, trx);
  }
}
