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
