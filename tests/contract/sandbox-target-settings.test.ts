/**
 * The sandbox keeps a target's login settings and crawl scope per API key,
 * on both engines of the state store.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {freePort} from '../../lib/serve/free-port';
import type {RunningServer} from '../../lib/serve/running-server';
import {startSandbox} from '../../lib/serve/sandbox';
import {SandboxOperations} from '../../lib/sandbox/operations';
import {ENGINES, freshStores} from '../state-stores';
import {sandboxSender} from '../sandbox-requests';

const newStore = freshStores();
const SEED_TARGET = '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c';
const SEED_TEAM = '8b1f6c3d-2e4a-4f5b-9c7d-1a2b3c4d5e6f';
const contract = SandboxOperations.load();

describe.each(ENGINES)("a target's settings in the sandbox on %s", (engine) => {
  let sandbox: RunningServer;
  beforeAll(async () => {
    sandbox = await startSandbox({port: await freePort(), store: await newStore(engine), clockSpeed: 40});
  }, 120_000);
  afterAll(() => sandbox?.close());

  const client = () => sandboxSender(sandbox.url);

  it("keeps a target's form login per key, never showing the password, until it is removed", async () => {
    const alice = client();
    const bob = client();
    const path = `/api/v1/targets/${SEED_TARGET}/form_login/`;
    const seeded = await alice('GET', path);
    expect(seeded).toMatchObject({status: 200, sandboxAnswer: 'state', body: contract.example('targets_form_login_retrieve', '200')});
    const login = {
      login_url: 'https://shop.example.com/sign-in',
      username_field: 'user',
      password_field: 'pass',
      username: 'ci@shop.example.com',
      password: 'correct-horse-battery',
      extra_fields: [],
      logged_in_pattern: 'Log out',
    };
    const replaced = await alice('PUT', path, login);
    expect(replaced.status).toBe(200);
    expect(replaced.body).not.toHaveProperty('password');
    expect(replaced.body).toMatchObject({login_url: login.login_url, username: login.username, extra_fields: []});
    expect((await alice('GET', path)).body).toEqual(replaced.body);
    expect((await bob('GET', path)).body).toEqual(seeded.body);
    expect((await alice('DELETE', path)).status).toBe(204);
    expect((await alice('GET', path)).status).toBe(404);
    expect((await alice('DELETE', path)).status).toBe(404);
  });

  it("answers a new target's crawl scope with both lists empty, then as it was set", async () => {
    const api = client();
    const target = await api('POST', '/api/v1/targets/', {name: 'Scoped', type: 'web_app', url: 'https://scoped.example.com', labels: [], team_id: SEED_TEAM});
    const path = `/api/v1/targets/${target.body.id}/crawl_scope/`;
    expect((await api('GET', path)).body).toMatchObject({include_paths: [], exclude_paths: []});
    expect((await api('GET', `/api/v1/targets/${target.body.id}/form_login/`)).status).toBe(404);
    const scope = {include_paths: ['/shop/**'], exclude_paths: ['/shop/logout']};
    expect((await api('PUT', path, scope)).body).toMatchObject(scope);
    expect((await api('GET', path)).body).toMatchObject(scope);
  });
});
