/** Tables as the CLI description lays them out (lib/cli/table-layout.ts), rendered by the client's one function (lib/cli-client/output.ts). */
import {describe, expect, it} from 'vitest';
import {loadCliDescription} from '../../lib/cli/description';
import {fillTemplate, templateProblems} from '../../lib/cli/table-layout';
import {table} from '../../lib/cli-client/output';

const target = {
  id: '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c',
  name: 'Checkout web app',
  team: {id: '8b1f6c3d-2e4a-4f5b-9c7d-1a2b3c4d5e6f', name: 'Payments'},
  labels: ['pci', 'production'],
  scanning_agent: null,
};

describe('a table cell template', () => {
  it('fills field paths and the named formatters, a missing or empty field as -', () => {
    expect(fillTemplate('{team|name-id}', target)).toBe('Payments (8b1f6c3d-2e4a-4f5b-9c7d-1a2b3c4d5e6f)');
    expect(fillTemplate('{team.name} / {labels|list}', target)).toBe('Payments / pci, production');
    expect(fillTemplate('{scanning_agent}', target)).toBe('-');
    expect(fillTemplate('{progress|percent}, {seconds|duration}', {progress: 45, seconds: 6378})).toBe('45%, 1h46m18s');
    expect(fillTemplate('{counts|counts}', {counts: {critical: 1, high: 0}})).toBe('critical 1, high 0');
    expect(fillTemplate('{reduced_scope|scope}', {reduced_scope: null})).toBe('whole target');
  });

  it("writes a finding's severity source, and an evidence part with the text of its markers between >>> and <<<", () => {
    expect(fillTemplate('{severity_source|severity-source}', {severity_source: 'cvss', cvss_score: 9.8})).toBe('CVSS 9.8');
    expect(fillTemplate('{severity_source|severity-source}', {severity_source: 'manual', cvss_score: 9.8})).toBe('manual');
    const evidence = {
      request: {url: 'https://x/a?q=1%27', body: ''},
      response: {status_code: 500, body: 'one two three'},
      markers: [
        {part: 'response_body', offset: 8, length: 5},
        {part: 'request_url', offset: 15, length: 3},
        {part: 'response_body', offset: 0, length: 3},
      ],
    };
    expect(fillTemplate('{request.url|marked} {request.body|marked}', evidence)).toBe('https://x/a?q=1>>>%27<<< -');
    expect(fillTemplate('{response.status_code|marked} {response.body|marked}', evidence)).toBe('500 >>>one<<< two >>>three<<<');
  });

  it('names what is wrong with a bad one', () => {
    expect(templateProblems('{team|name-and-id}')).toEqual([expect.stringMatching(/^"name-and-id" is no formatter \(name-id, list,/)]);
    expect(templateProblems('{Team Name}')).toEqual(['"{Team Name}" names no field path (such as team.name)']);
    expect(templateProblems('{id')).toEqual(['"{id" has a brace that opens or closes no placeholder']);
  });
});

describe('the table of a command', () => {
  const command = (group: string, name: string) =>
    loadCliDescription()
      .groups.find((item) => item.name === group)!
      .commands.find((item) => item.name === name)!;

  it('shows a list in the columns the description gives, aligned', () => {
    expect(table([target, {...target, name: 'API', labels: []}], command('targets', 'list').table).split('\n')).toEqual([
      'ID                                    NAME              TYPE  URL  TEAM      LABELS           VERIFICATION',
      '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c  Checkout web app  -     -    Payments  pci, production  -',
      '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c  API               -     -    Payments  -                -',
    ]);
  });

  it('shows list items in the value column: numbered each beside its label, or the first beside it and the next under it, their lines continued', () => {
    const layout = {
      fields: [
        {label: 'ID', value: '{id}'},
        {label: 'Evidence', value: '{description}\n{request.url|marked}', items: {field: 'evidence', numbered: true}},
        {label: 'Issues', value: '{external_id} ({integration})', items: {field: 'issues'}},
        {label: 'Fixed', value: '{fixed_at}'},
      ],
    };
    const evidence = (url: string) => ({description: `Sent ${url}`, request: {url}, markers: [{part: 'request_url', offset: 0, length: 1}]});
    const finding = {
      id: 'f-1',
      evidence: [evidence('a'), evidence('bc')],
      issues: [
        {external_id: 'SEC-1', integration: 'jira_cloud'},
        {external_id: '4711', integration: 'azure_boards'},
      ],
    };
    expect(table(finding, layout).split('\n')).toEqual([
      'ID          f-1',
      'Evidence 1  Sent a',
      '            >>>a<<<',
      'Evidence 2  Sent bc',
      '            >>>b<<<c',
      'Issues      SEC-1 (jira_cloud)',
      '            4711 (azure_boards)',
      'Fixed       -',
    ]);
    expect(table({id: 'f-2', evidence: [], issues: []}, layout).split('\n')).toEqual(['ID        f-2', 'Evidence  -', 'Issues    -', 'Fixed     -']);
  });

  it('shows one object in the lines the description gives, a list field indented under its line, a line `when` absent left out', () => {
    const scan = {
      id: 'scan-1',
      warnings_count: 2,
      warnings: [
        {code: 'rate_limited', url: null, message: 'Slowed down.'},
        {code: 'login_failed', url: 'https://x', message: 'No session.'},
      ],
    };
    const lines = table(scan, command('scans', 'get').table).split('\n');
    expect(lines.slice(0, 1)).toEqual(['ID            scan-1']);
    expect(lines.slice(6, 9)).toEqual(['Warnings      2', '  rate_limited  -          Slowed down.', '  login_failed  https://x  No session.']);
    const login = table({method: 'static_token'}, command('targets', 'set-api-login').table);
    expect(login).not.toContain('Login check');
    expect(
      table({method: 'static_token', check: {succeeded: true, status_code: 200, duration_ms: 9, detail: 'ok'}}, command('targets', 'set-api-login').table),
    ).toContain('Login check     succeeded: 200 in 9 ms: ok');
  });
});
