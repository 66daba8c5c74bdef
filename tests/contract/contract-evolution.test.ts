/**
 * The contract's evolution: the gate against unannounced breaking changes on
 * planted changes to a real release, the gate on the compiled contract
 * against the latest release, and the changes between the real releases.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {load} from 'cheerio';
import {beforeAll, describe, expect, it} from 'vitest';
import {checkBreaking} from '../../lib/contract/breaking-gate';
import {changeLine, diffContracts} from '../../lib/contract/diff';
import {readReleaseDocument, readReleases} from '../../lib/contract/releases';
import {contractOutput, repoRoot} from '../../lib/paths';
import {changelogEntries, changelogFeed, changelogMarkdown, type ChangelogEntry} from '../../lib/reference/changelog';

// The first release is small: planted changes diff in a moment.
const base = readReleaseDocument('0.1.0');
const planted = (change: (document: any) => void) => {
  const document = structuredClone(base);
  change(document);
  return document;
};
const unannouncedLines = (after: any, today?: string) => checkBreaking(base, after, today).unannounced.map(changeLine);

describe('the breaking-change gate', () => {
  it('fails on a removed operation, naming it', () => {
    const lines = unannouncedLines(planted((document) => delete document.paths['/api/v1/targets/{target_id}/'].delete));
    expect(lines).toEqual(['BREAKING DELETE /api/v1/targets/{target_id}/ (targets_destroy): operation removed']);
  });

  it('fails on a removed enum value, naming each operation and where', () => {
    const lines = unannouncedLines(planted((document) => (document.components.schemas.TargetType.enum = ['web_app', 'api'])));
    expect(lines).toContain('BREAKING GET /api/v1/targets/ (targets_list) query parameter type: enum value "domain" removed');
    expect(lines).toContain('BREAKING GET /api/v1/targets/{target_id}/ (targets_retrieve) response 200 › type: enum value "domain" removed');
  });

  it('fails on an enum value renamed in place, as on one removed', () => {
    const lines = unannouncedLines(planted((document) => (document.components.schemas.TargetType.enum = ['web_app', 'api', 'site'])));
    expect(lines).toContain('BREAKING GET /api/v1/targets/{target_id}/ (targets_retrieve) response 200 › type: enum value "domain" changed to "site"');
  });

  it('fails on a field removed from an object the operations name, and finds no change where only wording changed', () => {
    const after = planted((document) => {
      delete document.components.schemas.Target.properties.team;
      document.components.schemas.TargetBody.description = 'Reworded.';
      document.paths['/api/v1/targets/'].get.summary = 'Reworded.';
    });
    const lines = checkBreaking(base, after).changes.map(changeLine);
    expect(lines).toContain('BREAKING GET /api/v1/targets/{target_id}/ (targets_retrieve) response 200 › team: field removed');
    expect(lines).toContain('BREAKING GET /api/v1/targets/ (targets_list) response 200 › results.[].team: field removed');
    // The wording changed alongside is no change.
    expect(lines.filter((line) => !line.endsWith('team: field removed'))).toEqual([]);
  });

  it('finds a change in an object named only through others: a list page names targets, a target its team', () => {
    // Neither the path item nor the schemas it names directly change, only one they lead to.
    const lines = checkBreaking(
      base,
      planted((document) => delete document.components.schemas.Ref.properties.name),
    ).changes.map(changeLine);
    expect(lines).toContain('BREAKING GET /api/v1/targets/ (targets_list) response 200 › results.[].team.name: field removed');
  });

  it('reads a field named like wording, such as `description`, as a field: its removal breaks, its new type shows', () => {
    const withDescription = planted((document) => {
      document.components.schemas.Target.properties.description = {type: 'string', description: 'What the target is.'};
      document.components.schemas.Target.required.push('description');
    });
    const lines = checkBreaking(withDescription, base).unannounced.map(changeLine);
    expect(lines).toContain('BREAKING GET /api/v1/targets/{target_id}/ (targets_retrieve) response 200 › description: field removed');
    // Its type changed, and nothing else: the operations are not passed over as changed in wording only.
    const retyped = planted((document) => (document.components.schemas.Target.properties.description = {type: 'integer'}));
    const optional = planted((document) => (document.components.schemas.Target.properties.description = {type: 'string'}));
    expect(checkBreaking(optional, retyped).changes.map(changeLine)).toContainEqual(
      expect.stringMatching(
        /GET \/api\/v1\/targets\/\{target_id\}\/ \(targets_retrieve\) response 200 › description › type: type changed from string to integer$/,
      ),
    );
  });

  it('fails on a new required parameter', () => {
    const lines = unannouncedLines(
      planted((document) => document.paths['/api/v1/targets/'].get.parameters.push({name: 'tenant', in: 'query', required: true, schema: {type: 'string'}})),
    );
    expect(lines).toEqual(['BREAKING GET /api/v1/targets/ (targets_list) query parameter tenant: required parameter added']);
  });

  it('passes additive changes: a new operation, an optional parameter, a response enum value (flagged for strict clients)', () => {
    const after = planted((document) => {
      document.paths['/api/v1/targets/{target_id}/archive/'] = {post: {operationId: 'targets_archive', responses: {'204': {description: 'Archived.'}}}};
      document.paths['/api/v1/targets/'].get.parameters.push({name: 'archived', in: 'query', schema: {type: 'boolean'}});
      document.components.schemas.VerificationStatus.enum.push('expired');
    });
    const {unannounced, changes} = checkBreaking(base, after);
    expect(unannounced).toEqual([]);
    expect(changes.map(changeLine)).toContain('ADDED POST /api/v1/targets/{target_id}/archive/ (targets_archive): operation added');
    expect(changes.some((change) => change.mayBreakStrictClients && change.what === 'enum value "expired" added')).toBe(true);
  });

  it('lets a removal through once the deprecation it was announced with has passed its sunset, or the major version was raised', () => {
    const deprecated = structuredClone(base);
    Object.assign(deprecated.paths['/api/v1/targets/{target_id}/'].delete, {deprecated: true, 'x-sunset': '2027-01-31'});
    const removed = planted((document) => delete document.paths['/api/v1/targets/{target_id}/'].delete);
    expect(checkBreaking(deprecated, removed, '2027-01-30').unannounced).toHaveLength(1);
    expect(checkBreaking(deprecated, removed, '2027-01-31').unannounced).toEqual([]);
    expect(checkBreaking(base, {...removed, info: {...removed.info, version: '1.0.0'}}).unannounced).toEqual([]);
  });

  it('npm run contract:check-breaking fails with each change named, and passes the compiled contract against the latest release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-'));
    const releasedFile = path.join(dir, 'released.json');
    const currentFile = path.join(dir, 'current.json');
    fs.writeFileSync(releasedFile, JSON.stringify(base));
    fs.writeFileSync(currentFile, JSON.stringify(planted((document) => delete document.paths['/api/v1/targets/bulk_delete/'])));
    const run = (...args: string[]) =>
      spawnSync(path.join(repoRoot, 'node_modules/.bin/tsx'), ['scripts/contract-check-breaking.ts', ...args], {cwd: repoRoot, encoding: 'utf8'});
    const failing = run(releasedFile, currentFile);
    expect(failing.status).toBe(1);
    expect(failing.stderr).toContain('BREAKING POST /api/v1/targets/bulk_delete/ (targets_bulk_delete): operation removed');
    const current = run();
    expect(current.stderr).toBe('');
    expect(current.status).toBe(0);
    fs.rmSync(dir, {recursive: true});
  }, 120_000);
});

describe('the real releases', () => {
  it('are at least four, dated, in increasing order', () => {
    const releases = readReleases();
    expect(releases.length).toBeGreaterThanOrEqual(4);
    expect(releases.map((release) => release.date)).toEqual(releases.map((release) => release.date).sort());
  });

  it('0.2.0 added the whole API to the targets of 0.1.0', () => {
    const changes = diffContracts(base, readReleaseDocument('0.2.0'));
    expect(changes.map(changeLine)).toContain('ADDED GET /api/v1/findings/ (findings_list): operation added');
    expect(changes.filter((change) => change.what === 'operation added').length).toBe(
      Object.values<object>(readReleaseDocument('0.2.0').paths).flatMap(Object.keys).length - Object.values<object>(base.paths).flatMap(Object.keys).length,
    );
  });
});

describe('the changelog of the real releases', () => {
  const current = JSON.parse(fs.readFileSync(contractOutput.json, 'utf8'));
  let entries: ChangelogEntry[];
  let page: string;
  beforeAll(() => {
    entries = changelogEntries(current);
    page = changelogMarkdown(entries, current);
  }, 300_000);

  it('has an entry per release, newest first, and nothing unreleased while the contract is the latest release', () => {
    expect(entries.map((entry) => entry.release?.version)).toEqual(
      readReleases()
        .map((release) => release.version)
        .reverse(),
    );
  });

  it('lists each release dated, its changes by operation, breaking ones first, operations linked to their reference pages', () => {
    const section = (version: string) => page.slice(page.indexOf(`\n## ${version} (`), page.indexOf('\n## ', page.indexOf(`\n## ${version} (`) + 1));
    expect(page).toContain('\n## 0.2.0 (2026-11-22)\n');
    expect(section('0.2.0')).toContain('- [List findings](/api/reference/findings-list) `GET /api/v1/findings/`: New operation\n');
    expect(section('1.0.0')).toContain(
      "- [Retrieve a target's API login](/api/reference/targets-api-login-retrieve) `GET /api/v1/targets/{target_id}/api_login/`: New operation",
    );
    expect(section('1.0.0')).toContain(
      '### By operation\n\n- [Download a report of chosen findings](/api/reference/findings-bulk-report) `POST /api/v1/findings/bulk_report/`: **Breaking:** Response body: `format` removed (`binary`)\n',
    );
    expect(section('0.1.0')).not.toContain('**Breaking:**');
  });

  it("puts the current contract's changes first, as Unreleased, with removed operations unlinked", () => {
    const changed = structuredClone(current);
    delete changed.paths['/api/v1/targets/bulk_delete/'];
    const withUnreleased = changelogMarkdown([{changes: diffContracts(current, changed)}, ...entries], changed);
    expect(withUnreleased).toContain('\n## Unreleased\n\n### By operation\n\n- `POST /api/v1/targets/bulk_delete/`: **Breaking:** Operation removed\n');
  }, 120_000);

  it('has an Atom feed with one entry per release, linking its section', () => {
    const $ = load(changelogFeed(entries, current, 'https://docs.example.test/api/changelog', 'https://docs.example.test/api/changelog.atom', 'Example API'), {
      xml: true,
    });
    expect($('feed > entry').length).toBe(readReleases().length);
    expect($('feed > entry > link').first().attr('href')).toBe(
      `https://docs.example.test/api/changelog#${readReleases().at(-1)!.version.replace(/\./g, '')}-${readReleases().at(-1)!.date}`,
    );
    expect(
      $('feed > entry > updated')
        .map((_, node) => $(node).text())
        .get(),
    ).toEqual(
      readReleases()
        .map((release) => `${release.date}T00:00:00Z`)
        .reverse(),
    );
  });
});
