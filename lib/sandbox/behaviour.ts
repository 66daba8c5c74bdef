/**
 * The operations the sandbox answers from an account's state, by operation
 * id: the kinds of ./resources.ts read and changed alike, scans on the
 * accelerated clock (./scan-clock.ts) with the scenario of their target's
 * host (./scenarios.ts), and findings (./findings.ts). Every other operation
 * answers from the contract's examples (the server hands it to Prism).
 */
import type {Transaction} from 'kysely';
import type {StateStore} from '../store/state-store';
import type {StateTables} from '../store/tables';
import {type AccountStore, type Json, type StoredObject} from './account-store';
import {notFound, SandboxError, stateConflict} from './errors';
import {DEFAULT_POLICY, keyHash, newApiKey} from './access';
import {invalidRanges} from './client-address';
import {changeFinding, currentFinding, findingOfReportRow, recordScanFindings, type RetestState, retestInProgress, seedFindings, SEVERITIES} from './findings';
import {type DomainCheck, domainEvents, newDomain, presentDomain} from './domains';
import {freshId, stableId} from './ids';
import {listAnswer} from './listing';
import {apiUserPermissions, apiUserProfile, permissionNames} from './profile';
import {presentReport, reportProgress} from './reports';
import {type AnnouncedEvent, WebhookDispatcher} from './webhook-dispatch';
import {type DueEvent, retestEvents, scanEvents} from './webhook-events';
import {newSecret, PREVIOUS_SECRET_HOURS, secretsOf, type WebhookDeliveries} from './webhooks';
import type {SandboxOperations} from './operations';
import {RESOURCES, type Resource} from './resources';
import {settingFromBody, TARGET_SETTINGS} from './target-settings';
import {cancelTimeline, heldTimeline, newTimeline, pauseTimeline, resumeTimeline, RUNNING_SECONDS, scanMoment, type ScanTimeline} from './scan-clock';
import {FAILURE_REASON, finalCoverage, retestVerdict, type Scenario, scenarioOf} from './scenarios';

export interface OperationRequest {
  account: string;
  /** The teams an API user's key is limited to; undefined for an account's owner. */
  teams?: string[];
  /** The API user the key was issued to; undefined for an account's owner. */
  apiUserId?: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Json | undefined;
}

export interface OperationAnswer {
  status: number;
  body?: unknown;
}

export type OperationHandler = (request: OperationRequest) => Promise<OperationAnswer>;

/** What the sandbox keeps beside an object's API fields (a scan's timeline, a webhook's secrets), under this key of its stored body. */
const SANDBOX_STATE = '_sandbox';

interface ScanState {
  timeline: ScanTimeline;
  scenario: Scenario;
}

export interface Clock {
  now: () => number;
  /** How many times faster than real time scans run. */
  speed: number;
}

const ref = (object: Json): Json => ({id: object.id, name: object.name});

export class SandboxBehaviour {
  readonly handlers = new Map<string, OperationHandler>();
  private readonly seedObjects: StoredObject[];
  private readonly findingTemplates: Json[];
  /** The deliveries of webhook events, test deliveries and redeliveries. */
  readonly webhooks: WebhookDispatcher;
  /** The name the contract's examples give each id they refer to. */
  private readonly referenceNames: Map<string, string>;
  private readonly exampleScan: Json;

  constructor(
    private readonly operations: SandboxOperations,
    private readonly accounts: AccountStore,
    private readonly clock: Clock,
    store: StateStore,
    webhookDeliveries: WebhookDeliveries,
  ) {
    this.webhooks = new WebhookDispatcher(store, accounts, clock, webhookDeliveries, (webhook) => secretsOf(webhook, SANDBOX_STATE));
    this.referenceNames = operations.referenceNames();
    this.exampleScan = this.template(RESOURCES.find((resource) => resource.kind === 'scans')!);
    const exampleFinding = this.template(RESOURCES.find((resource) => resource.kind === 'findings')!);
    this.findingTemplates = seedFindings(exampleFinding, this.exampleScan.severity_counts as Json, this.reportFindings(exampleFinding));
    this.seedObjects = this.makeSeed();
    for (const resource of RESOURCES) this.addResource(resource);
    this.addScans();
    this.addFindings();
    this.addKeys();
    this.addDomains();
    this.addProfile();
    this.addWebhooks();
    this.addTargetSettings();
  }

  /** A target's login settings and crawl scope: read, replaced and removed per target (./target-settings.ts). */
  private addTargetSettings(): void {
    const targets = RESOURCES.find((resource) => resource.kind === 'targets')!;
    const targetOf = (request: OperationRequest) => this.find(targets, request);
    for (const setting of TARGET_SETTINGS) {
      const readModel = this.operations.index.resolve(this.operations.index.byId(setting.retrieve)!.responses['200'].schema ?? {});
      const readFields = Object.keys((readModel.properties as Json | undefined) ?? {});
      this.handle(setting.retrieve, async (request) => {
        const target = await targetOf(request);
        const stored = await this.accounts.get(request.account, setting.kind, target.id);
        if (stored) return {status: 200, body: stored.body};
        if (!setting.unset) throw notFound();
        return {status: 200, body: {...setting.unset, updated_at: target.body.created_at}};
      });
      this.handle(setting.update, async (request) => {
        const target = await targetOf(request);
        const body = settingFromBody(readFields, request.body ?? {}, this.clock.now());
        const stored = await this.accounts.get(request.account, setting.kind, target.id);
        if (stored) await this.accounts.update(request.account, {...stored, body});
        else await this.accounts.create(request.account, {kind: setting.kind, id: target.id, parent: target.id, body});
        return {status: 200, body};
      });
      if (setting.destroy) {
        this.handle(setting.destroy, async (request) => {
          const target = await targetOf(request);
          if (!(await this.accounts.remove(request.account, setting.kind, target.id))) throw notFound();
          return {status: 204};
        });
      }
    }
  }

  /**
   * Test deliveries, signed and sent as the receiving guide says (./webhooks.ts); a webhook's deliveries, newest first, and their
   * redelivery (./webhook-dispatch.ts); secret rotation.
   */
  private addWebhooks(): void {
    const webhooks = RESOURCES.find((resource) => resource.kind === 'webhooks')!;
    const deliveries = RESOURCES.find((resource) => resource.kind === 'webhook_deliveries')!;
    this.handle('webhooks_test', async (request) => {
      const webhook = await this.find(webhooks, request);
      const example = this.operations.example('webhooks_test', '200');
      const event = String(request.body?.event ?? (webhook.body.events as string[] | undefined)?.[0] ?? example.event);
      const occurred_at = new Date(this.clock.now()).toISOString();
      const payload: Json = {...(example.payload as Json), id: freshId(), webhook_id: webhook.id, event, test: true, occurred_at};
      return {status: 200, body: await this.webhooks.send(request.account, webhook, freshId(), payload, 1)};
    });
    const deliveryFields = new Set(this.operations.index.listedFields(this.operations.index.byId('webhooks_deliveries_list')!));
    this.handle('webhooks_deliveries_list', async (request) => {
      const webhook = await this.find(webhooks, request);
      const attempts = await this.accounts.list(request.account, deliveries.kind, webhook.id);
      return {status: 200, body: listAnswer(attempts.map((attempt) => attempt.body).reverse(), request.query, deliveryFields)};
    });
    this.handle('webhooks_deliveries_redeliver', async (request) => {
      const webhook = await this.find(webhooks, request);
      const delivery = await this.find(deliveries, request);
      return {status: 202, body: await this.webhooks.redeliver(request.account, webhook, delivery.body)};
    });
    this.handle('webhooks_secret_rotate', async (request) => {
      const webhook = await this.find(webhooks, request);
      const now = this.clock.now();
      const expiresAtMs = now + PREVIOUS_SECRET_HOURS * 3600_000;
      const secret = newSecret();
      // The current secret signs on beside the new one for a day; older ones are dropped.
      const previous = secretsOf(webhook.body, SANDBOX_STATE)
        .filter((each) => each.expiresAtMs === null)
        .map((each) => ({...each, expiresAtMs}));
      const body = {...webhook.body, [SANDBOX_STATE]: {secrets: [{value: secret, expiresAtMs: null}, ...previous]}};
      await this.accounts.update(request.account, {...webhook, body});
      return {status: 200, body: {secret, previous_secret_expires_at: new Date(expiresAtMs).toISOString()}};
    });
  }

  /** A new account's objects: the contract's examples, with their ids. */
  seed(): StoredObject[] {
    return structuredClone(this.seedObjects);
  }

  private template(resource: Resource): Json {
    return this.operations.example(resource.template, '200');
  }

  /** An id the contract's examples give an object of this name, other than `except`. */
  private idNamed(name: unknown, except?: string): string | undefined {
    for (const [id, named] of this.referenceNames) if (named === name && id !== except) return id;
    return undefined;
  }

  /** The other findings of the Finding example's target that the contract's CSV example of a report lists. */
  private reportFindings(example: Json): Json[] {
    return this.operations
      .reportRows()
      .filter((row) => row.finding_id !== example.id && row.target === (example.target as Json).name)
      .map((row) => findingOfReportRow(example, row, this.idNamed(row.vulnerability) ?? stableId(`vulnerability ${row.vulnerability}`)));
  }

  private makeSeed(): StoredObject[] {
    const objects: StoredObject[] = [];
    // A new account has proved no domain: the tutorial that adds one starts from none (its targets are verified all the same).
    for (const resource of RESOURCES.filter((each) => each.kind !== 'domains')) {
      const template = this.template(resource);
      const listed =
        resource.kind === 'findings'
          ? [...this.findingTemplates, ...this.operations.examples('findings_retrieve', '200')]
          : resource.list.flatMap((id) => this.operations.listed(id));
      const byId = new Map<string, Json>();
      for (const example of [template, ...listed]) {
        // The contract's examples give the API target the web app's id: an object of another name is another object,
        // under the id the examples' references give that name.
        const taken = byId.get(String(example.id));
        const item =
          taken && 'name' in example && taken.name !== example.name
            ? {...example, id: this.idNamed(example.name, String(example.id)) ?? stableId(`${resource.kind} ${String(example.name)}`)}
            : example;
        // A list's rows complete the template; the seed's findings are whole, and one without a re-test has no `retest_status`.
        byId.set(String(item.id), resource.kind === 'findings' ? item : {...template, ...byId.get(String(item.id)), ...item});
      }
      for (const body of byId.values()) {
        const owner = resource.parentKind === 'webhooks' ? (body.payload as Json | undefined)?.webhook_id : (body.target as Json | undefined)?.id;
        const parent = resource.parentParam ? String(owner ?? '') || null : null;
        objects.push({kind: resource.kind, id: String(body.id), parent, body});
      }
    }
    // A seeded scan that is running stays so until a reader acts on it (./scan-clock.ts).
    for (const object of objects.filter((each) => each.kind === 'scans' && each.body.status === 'started')) {
      const target = objects.find((each) => each.kind === 'targets' && each.id === object.parent);
      const state: ScanState = {timeline: heldTimeline(object.body), scenario: scenarioOf(target?.body.url)};
      object.body = {...object.body, [SANDBOX_STATE]: state};
    }
    // The example target has the settings the contract's examples show.
    const target = String(this.template(RESOURCES.find((resource) => resource.kind === 'targets')!).id);
    for (const setting of TARGET_SETTINGS)
      objects.push({kind: setting.kind, id: target, parent: target, body: this.operations.example(setting.retrieve, '200')});
    return objects;
  }

  private handle(operationId: string, handler: OperationHandler): void {
    if (!this.operations.index.byId(operationId)) throw new Error(`The sandbox answers ${operationId}, which the contract no longer has`);
    this.handlers.set(operationId, handler);
  }

  private async parentOf(resource: Resource, request: OperationRequest): Promise<string | undefined> {
    if (!resource.parentParam || !(resource.parentParam in request.params)) return undefined;
    const parent = request.params[resource.parentParam];
    if (!(await this.accounts.get(request.account, resource.parentKind ?? 'targets', parent))) throw notFound();
    return parent;
  }

  /** The objects of a list an API user's teams let it see: their targets, and what belongs to those. */
  private async visible(request: OperationRequest, resource: Resource, objects: StoredObject[]): Promise<StoredObject[]> {
    const {teams} = request;
    if (!teams || !['targets', 'scans', 'findings', 'scheduled_scans'].includes(resource.kind)) return objects;
    const targets = resource.kind === 'targets' ? objects : await this.accounts.list(request.account, 'targets');
    const allowed = new Set(targets.filter((target) => teams.includes(String((target.body.team as Json | null)?.id))).map((target) => target.id));
    return objects.filter((object) => allowed.has(resource.kind === 'targets' ? object.id : String(object.parent)));
  }

  private async find(resource: Resource, request: OperationRequest): Promise<StoredObject> {
    const parent = await this.parentOf(resource, request);
    const object = await this.accounts.get(request.account, resource.kind, request.params[resource.idParam]);
    if (!object || (parent !== undefined && object.parent !== parent)) throw notFound();
    return object;
  }

  /** A body's fields onto an object: the fields the object has, and `x_id` as the reference `x` to the account's object. */
  private async apply(account: string, object: Json, body: Json): Promise<Json> {
    const next = {...object};
    for (const [name, value] of Object.entries(body)) {
      const referenced = name.endsWith('_id') ? name.slice(0, -3) : undefined;
      if (referenced && referenced in object && (object[referenced] === null || typeof object[referenced] === 'object')) {
        if (value === null) next[referenced] = null;
        else if ((object[referenced] as Json | null)?.id !== value) {
          const kind = RESOURCES.find((resource) => resource.idParam === name)?.kind;
          const found = kind ? await this.accounts.get(account, kind, String(value)) : undefined;
          if (kind && !found)
            throw new SandboxError(400, 'validation_failed', 'Invalid input.', {[name]: [`No ${referenced.replace(/_/g, ' ')} has the id ${String(value)}.`]});
          // An object the sandbox keeps no state for (a scanning agent, a scan profile) has the name the contract's examples give it.
          next[referenced] = found ? ref(found.body) : {id: value, name: this.referenceNames.get(String(value)) ?? ''};
        }
      } else if (name in object) {
        next[name] = value;
      }
    }
    return next;
  }

  /** An object as the API shows it: what the sandbox keeps beside its fields left out, its state as of now. */
  private present(kind: string, body: Json): Json {
    if (kind === 'scans') return this.presentScan(body);
    const now = this.clock.now();
    if (kind === 'domains') {
      const {[SANDBOX_STATE]: kept, ...domain} = body;
      return presentDomain(domain, (kept as {check?: DomainCheck} | undefined)?.check, now, this.clock.speed);
    }
    const current = kind === 'findings' ? this.currentFinding(body) : body;
    const {[SANDBOX_STATE]: kept, ...shown} = current;
    const createdMs = (kept as {createdMs?: number} | undefined)?.createdMs;
    if (kind === 'reports' && createdMs !== undefined) return presentReport(shown, createdMs, now);
    return shown;
  }

  private currentFinding(body: Json): Json {
    return currentFinding(body, this.clock.now(), this.clock.speed, SANDBOX_STATE);
  }

  private addResource(resource: Resource): void {
    for (const id of resource.list) {
      const fields = new Set(this.operations.index.listedFields(this.operations.index.byId(id)!));
      this.handle(id, async (request) => {
        const parent = await this.parentOf(resource, request);
        if (resource.kind === 'scans' || resource.kind === 'findings') await this.settleScans(request.account);
        const objects = await this.visible(request, resource, await this.accounts.list(request.account, resource.kind, parent));
        return {
          status: 200,
          body: listAnswer(
            objects.map((object) => this.present(resource.kind, object.body)),
            request.query,
            fields,
          ),
        };
      });
    }
    for (const id of resource.retrieve) {
      this.handle(id, async (request) => {
        if (resource.kind === 'scans' || resource.kind === 'findings') await this.settleScans(request.account);
        return {status: 200, body: this.present(resource.kind, (await this.find(resource, request)).body)};
      });
    }
    if (resource.create) {
      this.handle(resource.create, async (request) => {
        const parent = await this.parentOf(resource, request);
        const base: Json = {...this.template(resource), ...resource.startsWith, id: freshId(), created_at: new Date(this.clock.now()).toISOString()};
        if (parent) base.target = ref((await this.accounts.get(request.account, 'targets', parent))!.body);
        const applied = await this.apply(request.account, base, request.body ?? {});
        const body = resource.kind === 'domains' ? newDomain(applied) : applied;
        if (resource.kind === 'targets') body.verification_status = 'verified';
        if (resource.kind === 'webhooks') {
          body[SANDBOX_STATE] = {secrets: [{value: String(request.body?.secret ?? newSecret()), expiresAtMs: null}]};
          // Without `target_id`, the webhook receives the events of every target, not the example's one.
          if (request.body?.target_id === undefined) body.target = null;
        }
        if (resource.kind === 'reports') body[SANDBOX_STATE] = {createdMs: this.clock.now()};
        await this.accounts.create(request.account, {kind: resource.kind, id: String(body.id), parent: parent ?? null, body});
        return {status: 201, body: this.present(resource.kind, body)};
      });
    }
    for (const id of resource.update ?? []) {
      this.handle(id, async (request) => {
        const object = await this.find(resource, request);
        const body = await this.apply(request.account, object.body, request.body ?? {});
        await this.accounts.update(request.account, {...object, body});
        return {status: 200, body: this.present(resource.kind, body)};
      });
    }
    if (resource.destroy) {
      this.handle(resource.destroy, async (request) => {
        const object = await this.find(resource, request);
        await this.accounts.remove(request.account, resource.kind, object.id);
        return {status: 204};
      });
    }
  }

  private scanState(body: Json): ScanState | undefined {
    return body[SANDBOX_STATE] as ScanState | undefined;
  }

  /** A scan's API representation at `atMs` (now unless given): its status and what follows from it, computed from its timeline. */
  private presentScan(body: Json, atMs = this.clock.now()): Json {
    const state = this.scanState(body);
    if (!state) return body;
    const {[SANDBOX_STATE]: _kept, ...scan} = body;
    const moment = scanMoment(state.timeline, atMs, this.clock.speed, state.scenario === 'failed');
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    const ended = moment.status === 'completed' || moment.status === 'failed';
    const running = {
      ...(scan.coverage as Json),
      ...this.coveredSoFar(moment.ranSeconds / RUNNING_SECONDS),
      complete: false,
      gaps: ['not_finished'],
      login: moment.startedAtMs === null ? 'pending' : state.scenario === 'login_failed' ? 'failed' : 'succeeded',
    };
    return {
      ...scan,
      status: moment.status,
      progress: Math.round((moment.ranSeconds / RUNNING_SECONDS) * 100),
      warnings_count: moment.status === 'completed' ? this.exampleScan.warnings_count : scan.warnings_count,
      coverage: ended ? finalCoverage(state.scenario, running) : running,
      failure_reason: moment.status === 'failed' ? FAILURE_REASON : null,
      started_at: iso(moment.startedAtMs),
      finished_at: iso(moment.finishedAtMs),
    };
  }

  /**
   * What a scan has covered when it has run this fraction of its time: the example scan's figures (pages, requests,
   * endpoints, duration) in proportion, so that a scan that ends shows what the pages show of the example scan.
   */
  private coveredSoFar(fraction: number): Json {
    const figures = ['pages_crawled', 'requests_sent', 'endpoints_tested', 'duration_seconds'];
    const example = this.exampleScan.coverage as Json;
    return Object.fromEntries(figures.map((figure) => [figure, Math.round(Number(example[figure]) * Math.min(1, fraction))]));
  }

  /** Records the findings of every scan that completed since it was last read, once, under the store's lock. */
  private async settleScans(account: string): Promise<void> {
    const now = this.clock.now();
    const due = (object: StoredObject) => {
      const state = this.scanState(object.body);
      return (
        state &&
        !state.timeline.settled &&
        ['completed', 'failed'].includes(scanMoment(state.timeline, now, this.clock.speed, state.scenario === 'failed').status)
      );
    };
    if (!(await this.accounts.list(account, 'scans')).some(due)) return;
    await this.accounts.exclusive(async (trx) => {
      for (const scan of (await this.accounts.list(account, 'scans', undefined, trx)).filter(due)) await this.settleScan(account, scan, trx);
    });
  }

  private async settleScan(account: string, scan: StoredObject, trx: Transaction<StateTables>): Promise<void> {
    const state = this.scanState(scan.body)!;
    const presented = this.presentScan(scan.body);
    const target = await this.accounts.get(account, 'targets', String(scan.parent), trx);
    const counts: Record<string, number> = Object.fromEntries(SEVERITIES.map((severity) => [severity, 0]));
    const opened: AnnouncedEvent[] = [];
    if (target && presented.status === 'completed') {
      const known = (await this.accounts.list(account, 'findings', target.id, trx)).map((finding) => this.currentFinding(finding.body));
      const {created, updated} = recordScanFindings(this.findingTemplates, target.body, scan.id, known, String(presented.finished_at));
      for (const body of updated) await this.accounts.update(account, {kind: 'findings', id: String(body.id), parent: target.id, body}, trx);
      for (const body of created) await this.accounts.create(account, {kind: 'findings', id: String(body.id), parent: target.id, body}, trx);
      for (const finding of [...created, ...updated]) if (finding.state === 'open') counts[String(finding.severity)] += 1;
      // New findings, and fixed ones found again.
      const knownFixed = new Set(known.filter((finding) => finding.state === 'fixed').map((finding) => finding.id));
      const occurredMs = Date.parse(String(presented.finished_at));
      for (const finding of [...created, ...updated.filter((each) => knownFixed.has(each.id))]) {
        opened.push({key: `finding_opened:${String(finding.id)}:${scan.id}`, event: 'finding_opened', occurredMs, targetId: target.id, subject: {finding}});
      }
    }
    const body = {...scan.body, severity_counts: counts, [SANDBOX_STATE]: {...state, timeline: {...state.timeline, settled: true}}};
    await this.accounts.update(account, {...scan, body}, trx);
    await this.webhooks.announce(account, [...this.scanAnnouncements({...scan, body}), ...opened], trx);
  }

  /** The webhook events a scan has reached, with the scan as the API showed it then: as it started, or as it ended. */
  private scanAnnouncements(scan: StoredObject): AnnouncedEvent[] {
    const state = this.scanState(scan.body);
    if (!state) return [];
    const now = this.clock.now();
    // A scan's end is announced with its findings, once they are recorded (settleScan): its counts are then final.
    const ended = (event: DueEvent) => event.event === 'scan_completed' || event.event === 'scan_failed';
    const events = scanEvents(scan.id, state.timeline, now, this.clock.speed, state.scenario === 'failed');
    return events
      .filter((event) => state.timeline.settled || !ended(event))
      .map((event) => ({
        ...event,
        targetId: scan.parent,
        subject: {scan: this.presentScan(scan.body, event.event === 'scan_started' ? event.occurredMs : now)},
      }));
  }

  /**
   * Announces to the account's webhooks what its scans, re-tests and domain checks reached since the last sweep (./webhook-dispatch.ts runs
   * it): a completed scan's findings are recorded first, as a read of the scan would.
   */
  async advance(account: string): Promise<void> {
    await this.settleScans(account);
    const now = this.clock.now();
    const scans = await this.accounts.list(account, 'scans');
    const events = scans.flatMap((scan) => this.scanAnnouncements(scan));
    for (const finding of await this.accounts.list(account, 'findings')) {
      const retest = (finding.body[SANDBOX_STATE] as {retest?: RetestState} | undefined)?.retest;
      if (!retest) continue;
      const {[SANDBOX_STATE]: _kept, ...current} = this.currentFinding(finding.body);
      for (const event of retestEvents(finding.id, retest, finding.body.state, now, this.clock.speed)) {
        events.push({...event, targetId: finding.parent, subject: {finding: current}});
      }
    }
    // A domain's failed check goes to the webhooks of every target (it names no target).
    for (const domain of await this.accounts.list(account, 'domains')) {
      const check = (domain.body[SANDBOX_STATE] as {check?: DomainCheck} | undefined)?.check;
      for (const event of domainEvents(domain.id, domain.body, check, now, this.clock.speed))
        events.push({...event, targetId: null, subject: {domain: ref(domain.body)}});
    }
    await this.webhooks.announce(account, events);
  }

  private addScans(): void {
    this.handle('targets_scans_create', async (request) => {
      const target = await this.accounts.get(request.account, 'targets', request.params.target_id);
      if (!target) throw notFound();
      if (target.body.verification_status !== 'verified')
        throw new SandboxError(409, 'target_not_verified', 'The target must be verified before it is scanned.');
      const now = this.clock.now();
      const running = (await this.accounts.list(request.account, 'scans', target.id)).some((scan) =>
        ['queued', 'started', 'paused'].includes(String(this.presentScan(scan.body).status)),
      );
      if (running) throw new SandboxError(409, 'scan_in_progress', 'A scan of this target is already in progress.');
      const example = this.operations.example('targets_scans_create', '201');
      // A scan started without notes has none, as the contract's example of a scan started with no body shows.
      const base: Json = {...example, notes: '', id: freshId(), target: ref(target.body), created_at: new Date(now).toISOString()};
      const body = await this.apply(request.account, base, request.body ?? {});
      const state: ScanState = {timeline: newTimeline(now), scenario: scenarioOf(target.body.url)};
      const stored = {...body, [SANDBOX_STATE]: state};
      await this.accounts.create(request.account, {kind: 'scans', id: String(body.id), parent: target.id, body: stored});
      return {status: 201, body: this.presentScan(stored)};
    });
    const action = (operationId: string, change: typeof pauseTimeline, refusal: string) =>
      this.handle(operationId, async (request) => {
        const result = await this.accounts.exclusive(async (trx) => {
          const scan = await this.accounts.get(request.account, 'scans', request.params.scan_id, trx);
          if (!scan || scan.parent !== request.params.target_id) throw notFound();
          const state = this.scanState(scan.body);
          const now = this.clock.now();
          const moment = state ? scanMoment(state.timeline, now, this.clock.speed, state.scenario === 'failed') : {status: scan.body.status};
          const timeline = state && change(state.timeline, moment as ReturnType<typeof scanMoment>, now);
          if (!state || !timeline) throw stateConflict(`${refusal} A ${String(moment.status)} scan cannot.`);
          const body = {...scan.body, [SANDBOX_STATE]: {...state, timeline}};
          await this.accounts.update(request.account, {...scan, body}, trx);
          return body;
        });
        return {status: 200, body: this.presentScan(result)};
      });
    action('targets_scans_pause', pauseTimeline, 'Only a started scan can be paused.');
    action('targets_scans_resume', resumeTimeline, 'Only a paused scan can be resumed.');
    action('targets_scans_cancel', cancelTimeline, 'Only a queued, started or paused scan can be canceled.');
  }

  /** API users' keys: one issued with each new API user and on each rotation, which then authenticates as that user (./access.ts). */
  private addKeys(): void {
    const users = RESOURCES.find((resource) => resource.kind === 'api_users')!;
    const issue = async (account: string, user: Json): Promise<Json> => {
      const {key, prefix} = newApiKey(String(user.id));
      await this.accounts.issueKey(account, String(user.id), keyHash(key));
      const body: Json = {...user, key_prefix: prefix};
      delete body.key;
      await this.accounts.update(account, {kind: 'api_users', id: String(user.id), parent: null, body});
      return {...body, key};
    };
    const create = this.handlers.get('api_users_create')!;
    this.handle('api_users_create', async (request) => {
      const created = await create(request);
      return {status: created.status, body: await issue(request.account, created.body as Json)};
    });
    this.handle('api_users_rotate_key', async (request) => ({status: 200, body: await issue(request.account, (await this.find(users, request)).body)}));
    this.handle('api_users_policy_retrieve', async (request) => {
      await this.find(users, request);
      return {status: 200, body: (await this.accounts.get(request.account, 'api_user_policies', request.params.api_user_id))?.body ?? DEFAULT_POLICY};
    });
    this.handle('api_users_policy_update', async (request) => {
      await this.find(users, request);
      const id = request.params.api_user_id;
      const body = {...DEFAULT_POLICY, ...request.body};
      const invalid = invalidRanges(body.allowed_ip_ranges as string[]);
      if (invalid.length)
        throw new SandboxError(400, 'validation_failed', 'Invalid input.', {
          allowed_ip_ranges: invalid.map((range) => `${range} is not an IPv4 or IPv6 CIDR range.`),
        });
      const stored = await this.accounts.get(request.account, 'api_user_policies', id);
      if (stored) await this.accounts.update(request.account, {...stored, body});
      else await this.accounts.create(request.account, {kind: 'api_user_policies', id, parent: null, body});
      return {status: 200, body};
    });
  }

  /** Who the key belongs to and what it may do (./profile.ts). */
  private addProfile(): void {
    const users = RESOURCES.find((resource) => resource.kind === 'api_users')!;
    const owner = this.operations.example('profile_retrieve', '200');
    const ownerPermissions = this.operations.listed('profile_permissions_list');
    const names = permissionNames(this.operations);
    const fields = new Set(this.operations.index.listedFields(this.operations.index.byId('profile_permissions_list')!));
    this.handle('profile_retrieve', async (request) => {
      if (request.apiUserId === undefined) return {status: 200, body: owner};
      const user = await this.find(users, {...request, params: {api_user_id: request.apiUserId}});
      return {status: 200, body: apiUserProfile(user.body, owner.current_terms_version)};
    });
    this.handle('profile_permissions_list', async (request) => {
      const permissions =
        request.apiUserId === undefined ? ownerPermissions : await apiUserPermissions(this.accounts, request.account, request.apiUserId, names);
      return {status: 200, body: listAnswer(permissions, request.query, fields)};
    });
  }

  /** Domains: one of a name per account, and the ownership check on the clock (./domains.ts). */
  private addDomains(): void {
    const domains = RESOURCES.find((resource) => resource.kind === 'domains')!;
    const named = async (request: OperationRequest, except?: string) =>
      (await this.accounts.list(request.account, 'domains')).some((domain) => domain.body.name === request.body?.name && domain.id !== except);
    const create = this.handlers.get('domains_create')!;
    this.handle('domains_create', async (request) => {
      if (await named(request)) throw stateConflict(`The account already has the domain ${String(request.body?.name)}.`);
      return create(request);
    });
    for (const id of domains.update ?? []) {
      this.handle(id, async (request) => {
        const domain = await this.find(domains, request);
        if (await named(request, domain.id)) throw stateConflict(`The account already has the domain ${String(request.body?.name)}.`);
        let body = await this.apply(request.account, domain.body, request.body ?? {});
        // A new name is a new proof: a new token, and no check.
        if (body.name !== domain.body.name) {
          const {[SANDBOX_STATE]: _check, ...rest} = body;
          body = newDomain(rest);
        }
        await this.accounts.update(request.account, {...domain, body});
        return {status: 200, body: this.present('domains', body)};
      });
    }
    this.handle('domains_verify', async (request) => {
      const domain = await this.find(domains, request);
      if (this.present('domains', domain.body).verification_status === 'pending')
        throw stateConflict('A check of this domain is already pending: wait for it to end.');
      const check: DomainCheck = {startedMs: this.clock.now()};
      const body = {...domain.body, verification_method: request.body?.method, [SANDBOX_STATE]: {check}};
      await this.accounts.update(request.account, {...domain, body});
      return {status: 200, body: this.present('domains', body)};
    });
  }

  private addFindings(): void {
    const findings = RESOURCES.find((resource) => resource.kind === 'findings')!;
    for (const id of ['findings_update', 'findings_partial_update', 'targets_findings_update', 'targets_findings_partial_update']) {
      this.handle(id, async (request) => {
        const finding = await this.find(findings, request);
        const body = changeFinding(this.currentFinding(finding.body), request.body ?? {}, this.clock.now());
        await this.accounts.update(request.account, {...finding, body});
        return {status: 200, body: this.present('findings', body)};
      });
    }
    this.handle('targets_findings_retest', async (request) => {
      const found = await this.find(findings, request);
      const finding = this.currentFinding(found.body);
      if (finding.state !== 'open' || retestInProgress(finding)) {
        throw stateConflict(`Only an open finding without a re-test in progress can be re-tested; this one is ${String(finding.state)}.`);
      }
      const target = await this.accounts.get(request.account, 'targets', String(found.parent));
      const retest: RetestState = {requestedMs: this.clock.now(), verdict: retestVerdict(target?.body.url, finding.retest_status)};
      const body = {...finding, [SANDBOX_STATE]: {...(finding[SANDBOX_STATE] as Json | undefined), retest}};
      await this.accounts.update(request.account, {...found, body});
      return {status: 200, body: this.present('findings', body)};
    });
    this.handle('reports_status', async (request) => {
      const reports = RESOURCES.find((resource) => resource.kind === 'reports')!;
      const report = await this.find(reports, request);
      const createdMs = (report.body[SANDBOX_STATE] as {createdMs?: number} | undefined)?.createdMs;
      if (createdMs === undefined) return {status: 200, body: {id: report.id, status: report.body.status, progress: 100, detail: null}};
      return {status: 200, body: reportProgress(report.body, createdMs, this.clock.now())};
    });
  }
}
