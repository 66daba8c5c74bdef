/** The CLI description is validated against its JSON Schema; a bad one fails naming the file, line and place. */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {cliCommandNames, loadCliDescription} from '../../lib/cli/description';
import {cliReferencePages} from '../../lib/cli/reference-pages';
import {portalConfig, portalTokens} from '../../portal.config';
import {repoRoot} from '../../lib/paths';

const fixture = (name: string) => path.join(repoRoot, 'tests/fixtures/cli', name);

describe('the CLI description', () => {
  it('is valid and has the three command groups', () => {
    const description = loadCliDescription();
    expect(description.groups.map((group) => group.name).sort()).toEqual(['findings', 'reports', 'scans', 'schedules', 'targets']);
    const names = cliCommandNames(description);
    expect(names.groups.get('scans')?.has('start')).toBe(true);
    expect([...names.options.get('scans start')!]).toEqual(expect.arrayContaining(['reduced-scope', 'fail-on', 'allow-incomplete-coverage', 'output', 'o']));
  });

  it('gives the CI gate distinct exit codes, one table for all of them', () => {
    const description = loadCliDescription();
    const codes = description.exitCodes.map((exit) => exit.code);
    expect(new Set(codes).size).toBe(codes.length);
    // Findings, incomplete coverage, authentication, other API or network errors, timeout.
    const gate = [10, 11, 3, 1, 7];
    expect(gate.every((code) => codes.includes(code))).toBe(true);
    expect(description.exitCodes.find((exit) => exit.code === 11)?.meaning).toMatch(/login_failed.*crawl_limit_reached.*--allow-incomplete-coverage/s);
  });

  it('rejects an exit code that its table does not have, in text or in an example', () => {
    expect(() => loadCliDescription(fixture('unknown-exit-code.yaml'))).toThrow(
      /unknown-exit-code\.yaml:\d+:\d+ \(\/groups\/0\/commands\/0\/description\): exit code 9 is not in the table of exit codes[^]*unknown-exit-code\.yaml:\d+:\d+ \(\/groups\/0\/commands\/0\/examples\/0\/exitCode\): exit code 12 is not in the table/,
    );
  });

  it('rejects a schema violation, naming the file, line and place', () => {
    expect(() => loadCliDescription(fixture('invalid.yaml'))).toThrow(
      /tests\/fixtures\/cli\/invalid\.yaml:16:11 \(\/globalOptions\/0\/type\): must be equal to one of the allowed values \(string, integer/,
    );
  });

  it('rejects an example that does not run the command it documents', () => {
    expect(() => loadCliDescription(fixture('wrong-example.yaml'))).toThrow(
      /wrong-example\.yaml:33:\d+ \(\/groups\/0\/commands\/0\/examples\/0\/command\): the example does not run "\{\{cli\}\} scans start"/,
    );
  });

  it("rejects an option's operation that its command does not list", () => {
    expect(() => loadCliDescription(fixture('option-operation.yaml'))).toThrow(
      /option-operation\.yaml:\d+:\d+ \(\/groups\/0\/commands\/0\/options\/0\/operations\/0\): operation "targets_scans_retrieve" is not in the command's operations/,
    );
  });

  it('rejects an empty list as the default of an option that is not repeatable, naming the file and line', () => {
    expect(() => loadCliDescription(fixture('empty-default.yaml'))).toThrow(
      /tests\/fixtures\/cli\/empty-default\.yaml:\d+:\d+ \(\/groups\/0\/commands\/0\/options\/0\/default\): an empty list is the default of a repeatable option only/,
    );
  });

  it('rejects a table cell whose formatter the client does not have, naming the file and line', () => {
    expect(() => loadCliDescription(fixture('unknown-formatter.yaml'))).toThrow(
      /tests\/fixtures\/cli\/unknown-formatter\.yaml:34:\d+ \(\/groups\/0\/commands\/0\/table\/fields\/1\/value\): "name-and-id" is no formatter \(name-id, list,/,
    );
  });

  it('lists on the reference the operations a command calls only with an option, with that option', () => {
    const scans = cliReferencePages(loadCliDescription()).get('scans.md')!;
    const start = scans.slice(scans.indexOf('{{cli}} scans start'), scans.indexOf('{{cli}} scans get'));
    expect(start).toContain('- [`targets_scans_create`](/api/reference/targets-scans-create)\n');
    expect(start).toContain('- [`definitions_retrieve`](/api/reference/definitions-retrieve); only with `--wait`\n');
  });

  it('replaces the portal tokens in every value when given them', () => {
    const description = loadCliDescription(undefined, undefined, portalTokens(portalConfig));
    expect(description.configFile.path).toBe(`~/.config/${portalConfig.cliName}/config.yaml`);
    expect(description.globalOptions.find((option) => option.name === 'api-url')?.default).toBe(portalConfig.apiUrl);
    expect(JSON.stringify(description)).not.toMatch(/\{\{/);
  });

  it('rejects an unknown token at its own line of the file, each one', () => {
    const tokens = portalTokens(portalConfig);
    const known = Object.keys(tokens).join(', ');
    expect(() => loadCliDescription(fixture('unknown-token.yaml'), undefined, tokens)).toThrow(
      'The CLI description is invalid:\n' +
        `tests/fixtures/cli/unknown-token.yaml:10:17 (/configFile/description): unknown token {{prodcut}}; known tokens: ${known}\n` +
        `tests/fixtures/cli/unknown-token.yaml:36:65 (/groups/0/commands/0/examples/0/command): unknown token {{cliProfile}}; known tokens: ${known}`,
    );
  });

  it('rejects YAML that does not parse, naming the line', () => {
    expect(() => loadCliDescription(fixture('not-yaml.yaml'))).toThrow(/not valid YAML:\ntests\/fixtures\/cli\/not-yaml\.yaml:\d+:\d+: /);
  });
});
