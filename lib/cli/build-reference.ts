/**
 * Generates the CLI reference (docs/cli/reference/, never committed) from the
 * CLI description, after checking it against its schema and the contract
 * (the step of `npm run reference` after the API reference). An invalid
 * description fails with the file, line and place of each problem.
 */
import fs from 'node:fs';
import path from 'node:path';
import {portalConfig, portalTokens} from '../../portal.config';
import {replaceTokens} from '../remark/portal-tokens';
import {loadCliDescription} from './description';
import {cliReferencePages} from './reference-pages';
import {OperationIndex} from '../contract/operations';
import {cliReferenceDir, cliReferenceSidebar} from '../paths';

export function buildCliReference(): void {
  const tokens = portalTokens(portalConfig);
  // Tokens are replaced here, not by the remark plugin, because titles live in front matter: first in the
  // description's values, so that an unknown one is reported at its line of cli/cli.yaml, then in what the pages add.
  const operations = OperationIndex.load();
  const description = loadCliDescription(undefined, operations, tokens);
  fs.rmSync(cliReferenceDir, {recursive: true, force: true});
  fs.mkdirSync(cliReferenceDir, {recursive: true});
  for (const [name, markdown] of cliReferencePages(description, (id) => operations.byId(id)?.requiredPermission)) {
    fs.writeFileSync(path.join(cliReferenceDir, name), replaceTokens(markdown, tokens, `docs/cli/reference/${name}`));
  }
  // The group pages in the description's order, for sidebars.ts (the index is the category's own page).
  fs.writeFileSync(
    cliReferenceSidebar,
    `${JSON.stringify(
      description.groups.map((group) => `cli/reference/${group.name}`),
      null,
      2,
    )}\n`,
  );
  console.log(`CLI reference: ${description.groups.length + 1} pages generated in docs/cli/reference/`);
}
