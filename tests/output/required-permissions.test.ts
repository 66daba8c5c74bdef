/**
 * The permission each operation requires, in the build: every operation's
 * page names its codename, the catalogue lists every operation under the
 * codename it requires, and each CLI command's page names the codename of
 * every operation the command calls.
 */
import {describe, expect, it} from 'vitest';
import {loadCliDescription} from '../../lib/cli/description';
import {operationsOf} from '../../lib/openapi';
import {permissionAnchor} from '../../lib/reference/permission-catalogue';
import {builtPages, pageText, readBuildFile} from './site-files';

const document = JSON.parse(readBuildFile('openapi.json'));
const operations = operationsOf(document).map(({operation}) => operation);
const requiredOf = new Map(operations.map((operation) => [operation.operationId as string, operation['x-required-permission'] as string]));
const pages = builtPages();
const route = (id: string) => `/api/reference/${id.replaceAll('_', '-')}`;

describe('required permissions in the build', () => {
  it('every operation page names the codename its operation requires', () => {
    const missing = operations.filter(
      (operation) => !pageText(pages.get(route(operation.operationId)) ?? '').includes(`Required permission: ${operation['x-required-permission']} `),
    );
    expect(missing.map((operation) => operation.operationId)).toEqual([]);
  });

  it('the catalogue links every operation under the codename it requires', () => {
    const html = pages.get('/api/reference/required-permissions')!;
    const sections = html.split(/<h2 /).slice(1);
    for (const operation of operations) {
      // The minified HTML quotes attributes only where it must.
      const section = sections.find((candidate) => new RegExp(`href="?${route(operation.operationId)}[" >]`).test(candidate));
      expect(section, operation.operationId).toMatch(new RegExp(`^[^>]*id="?${permissionAnchor(operation['x-required-permission'])}[" >]`));
    }
  });

  it('each CLI command names the codename of every operation it calls', () => {
    const description = loadCliDescription();
    const missing: string[] = [];
    for (const group of description.groups) {
      const text = readBuildFile(`cli/reference/${group.name}.md`);
      for (const command of group.commands) {
        for (const id of command.operations)
          if (
            !text.includes(`[\`${id}\`](`) ||
            !text.match(new RegExp(`\\[\`${id}\`\\]\\([^)]*\\), requires \\[\`${requiredOf.get(id)?.replace('.', '\\.')}\``))
          )
            missing.push(`${group.name} ${command.name}: ${id}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
