/** The sandbox's accounts in the state store, on both engines: seeded once, bounded per kind, deleted when idle or reset. */
import {afterEach, describe, expect, it} from 'vitest';
import {AccountStore, OBJECTS_PER_KIND} from '../../lib/sandbox/account-store';
import {openStateStore, type StateStore} from '../../lib/store/state-store';
import {ENGINES, freshStores} from '../state-stores';

const newStore = freshStores();
const HOUR_MS = 3600_000;

describe.each(ENGINES)('sandbox accounts on %s', (engine) => {
  let store: StateStore | undefined;
  afterEach(() => store?.close());

  const open = async () => {
    store = await openStateStore(await newStore(engine));
    const clock = {now: Date.UTC(2026, 11, 7, 8)};
    const accounts = new AccountStore(
      store,
      () => [{kind: 'targets', id: 'seeded', parent: null, body: {id: 'seeded'}}],
      () => clock.now,
    );
    return {accounts, clock};
  };

  it('seeds an account once, with ids unique per account only', async () => {
    const {accounts} = await open();
    await Promise.all([accounts.open('a'), accounts.open('a'), accounts.open('b')]);
    expect((await accounts.list('a', 'targets')).map((object) => object.id)).toEqual(['seeded']);
    expect((await accounts.list('b', 'targets')).map((object) => object.id)).toEqual(['seeded']);
  });

  it('refuses an object past the bound of its kind', async () => {
    const {accounts} = await open();
    await accounts.open('a');
    for (let index = 1; index < OBJECTS_PER_KIND; index += 1) await accounts.create('a', {kind: 'targets', id: `t${index}`, parent: null, body: {}});
    await expect(accounts.create('a', {kind: 'targets', id: 'one-too-many', parent: null, body: {}})).rejects.toMatchObject({
      status: 409,
      code: 'no_free_slot',
    });
    await accounts.create('a', {kind: 'scans', id: 'other-kind', parent: null, body: {}});
  });

  it('deletes the accounts idle for the configured hours, and a reset one, with everything in them', async () => {
    const {accounts, clock} = await open();
    await accounts.open('idle');
    await accounts.create('idle', {kind: 'targets', id: 'mine', parent: null, body: {}});
    clock.now += 5 * HOUR_MS;
    await accounts.open('busy');
    clock.now += 2 * HOUR_MS;
    expect(await accounts.expire(6)).toBe(1);
    expect(await accounts.list('idle', 'targets')).toEqual([]);
    expect(await accounts.list('busy', 'targets')).toHaveLength(1);
    await accounts.reset('busy');
    expect(await accounts.list('busy', 'targets')).toEqual([]);
    await accounts.open('idle');
    expect((await accounts.list('idle', 'targets')).map((object) => object.id)).toEqual(['seeded']);
  });
});
