/**
 * The changelog's words on a small pair of contracts: each change in a
 * sentence under its operation's title, breaking ones first and marked, a
 * change made across MANY_OPERATIONS operations in one line linking the
 * complete list, and the Atom feed in the same words.
 */
import {load} from 'cheerio';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {diffContracts} from '../../lib/contract/diff';
import {changelogFeed, changelogMarkdown, entryNotes, MANY_OPERATIONS, type ChangelogEntry} from '../../lib/reference/changelog';

const json = (schema: object) => ({'application/json': {schema}});
const ok = (schema: object) => ({'200': {description: 'OK', content: json(schema)}});
const object = (properties: object, required?: string[]) => ({type: 'object', properties, ...(required ? {required} : {})});

/** Operations that each gain the same bound: `count` of them. */
const things = (count: number, bounded: boolean) =>
  Object.fromEntries(
    Array.from({length: count}, (_, index) => [
      `/things/${index}/`,
      {
        get: {
          operationId: `things_${index}`,
          summary: `Get thing ${index}`,
          parameters: [{name: 'q', in: 'query', schema: {type: 'string', ...(bounded ? {maxLength: 255} : {})}}],
          responses: ok(object({id: {type: 'string'}})),
        },
      },
    ]),
  );

const scan = (after: boolean) =>
  object({
    id: {type: 'string'},
    scan_profile: after ? {type: 'string', deprecated: true, 'x-sunset': '2027-06-30', 'x-replaced-by': '`definition`'} : {type: 'string'},
    ...(after ? {definition: {type: 'string'}} : {}),
    coverage: object({pages: {type: 'integer'}, ...(after ? {complete: {type: 'boolean'}} : {})}),
  });

const contract = (after: boolean) => ({
  openapi: '3.0.3',
  info: {title: 'Example', version: after ? '1.1.0' : '1.0.0'},
  paths: {
    '/scans/': {
      get: {
        operationId: 'scans_list',
        summary: 'List scans',
        parameters: [{name: 'page', in: 'query', schema: {type: 'integer'}}, ...(after ? [{name: 'label', in: 'query', schema: {type: 'string'}}] : [])],
        responses: ok(object({results: {type: 'array', items: object({status: {type: 'string', enum: ['queued', 'running', ...(after ? ['paused'] : [])]}})}})),
      },
    },
    '/scans/{id}/': {
      get: {operationId: 'scans_retrieve', summary: 'Retrieve a scan', responses: ok(scan(after))},
      put: {
        operationId: 'scans_update',
        summary: 'Update a scan',
        requestBody: {content: json(after ? object({name: {type: 'string'}, team_id: {type: 'string'}}, ['team_id']) : object({name: {type: 'string'}}))},
        responses: ok(scan(after)),
      },
    },
    ...(after
      ? {'/scans/{id}/retest/': {post: {operationId: 'scans_retest', summary: 'Re-test a scan', responses: ok(scan(after))}}}
      : {'/scans/{id}/cancel/': {post: {operationId: 'scans_cancel', summary: 'Cancel a scan', responses: ok(scan(after))}}}),
    ...things(MANY_OPERATIONS, after),
  },
});

const [before, after] = [contract(false), contract(true)];
const entries: ChangelogEntry[] = [
  {release: {version: '1.1.0', date: '2026-12-01', summary: 'Labels, coverage and re-tests.'}, changes: diffContracts(before, after)},
];

describe('the changelog of a release', () => {
  it('tells each change in plain words by operation, breaking ones first, and a change of many operations in one line', () => {
    const page = changelogMarkdown(entries, after);
    // Its front matter is YAML, as Docusaurus reads it: a colon in a value would fail the build.
    expect(parse(page.split('---\n')[1])).toMatchObject({title: 'API changelog', description: expect.stringContaining('breaking ones first')});
    expect(page.slice(page.indexOf('## 1.1.0'))).toBe(
      [
        '## 1.1.0 (2026-12-01)',
        '',
        'Labels, coverage and re-tests.',
        '',
        '### Across many operations',
        '',
        '- **Breaking:** [Bounds added to 20 request values in 20 operations](pathname:///api/releases/1.1.0.txt)',
        '',
        '### By operation',
        '',
        '- [Update a scan](/api/reference/scans-update) `PUT /scans/{id}/`',
        '  - **Breaking:** New required request field `team_id`',
        '  - Response field `scan_profile` deprecated (sunset 2027-06-30): use `definition`',
        '  - Response fields `coverage.complete`, `definition` added',
        '- `POST /scans/{id}/cancel/`: **Breaking:** Operation removed',
        '- [List scans](/api/reference/scans-list) `GET /scans/`',
        '  - New optional query parameter `label`',
        '  - Response field `results[].status`: value `paused` added (may break strict clients)',
        '- [Retrieve a scan](/api/reference/scans-retrieve) `GET /scans/{id}/`',
        '  - Response field `scan_profile` deprecated (sunset 2027-06-30): use `definition`',
        '  - Response fields `coverage.complete`, `definition` added',
        '- [Re-test a scan](/api/reference/scans-retest) `POST /scans/{id}/retest/`: New operation',
        '',
      ].join('\n'),
    );
  });

  it('tells a change in each operation while fewer than MANY_OPERATIONS operations have it', () => {
    const notes = entryNotes(diffContracts(before, {...after, paths: {...before.paths, ...things(MANY_OPERATIONS - 1, true)}}), after);
    expect(notes.acrossOperations).toEqual([]);
    expect(notes.operations.map((operation) => operation.notes.map((note) => note.text))).toEqual(
      Array.from({length: MANY_OPERATIONS - 1}, () => ['Query parameter `q`: at most 255 characters']),
    );
  });

  it("gives the feed the page's words", () => {
    const $ = load(changelogFeed(entries, after, 'https://docs.example.test/api/changelog', 'https://docs.example.test/api/changelog.atom', 'Example API'), {
      xml: true,
    });
    expect($('feed > entry > summary').text()).toBe('Labels, coverage and re-tests.');
    expect($('feed > entry > content').text()).toBe(
      [
        'Across many operations:',
        '- Breaking: Bounds added to 20 request values in 20 operations',
        'By operation:',
        '- Update a scan (PUT /scans/{id}/)',
        '  - Breaking: New required request field `team_id`',
        '  - Response field `scan_profile` deprecated (sunset 2027-06-30): use `definition`',
        '  - Response fields `coverage.complete`, `definition` added',
        '- POST /scans/{id}/cancel/: Breaking: Operation removed',
        '- List scans (GET /scans/)',
        '  - New optional query parameter `label`',
        '  - Response field `results[].status`: value `paused` added (may break strict clients)',
        '- Retrieve a scan (GET /scans/{id}/)',
        '  - Response field `scan_profile` deprecated (sunset 2027-06-30): use `definition`',
        '  - Response fields `coverage.complete`, `definition` added',
        '- Re-test a scan (POST /scans/{id}/retest/): New operation',
      ].join('\n'),
    );
  });
});
