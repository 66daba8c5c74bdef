/** The CLI description is validated against its JSON Schema; a bad one fails naming the file, line and place. */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {cliCommandNames, loadCliDescription} from '../../lib/cli/description';
import {portalConfig, portalTokens} from '../../portal.config';
import {repoRoot} from '../../lib/paths';

const fixture = (name: string) => path.join(repoRoot, 'tests/fixtures/cli', name);

describe('the CLI description', () => {
  it('is valid and has the three command groups', () => {
    const description = loadCliDescription();
    expect(description.groups.map((group) => group.name).sort()).toEqual(['findings', 'scans', 'targets']);
    const names = cliCommandNames(description);
    expect(names.groups.get('scans')?.has('start')).toBe(true);
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
