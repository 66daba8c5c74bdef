/**
 * Generates the CLI reference (docs/cli/reference/, never committed) from the
 * CLI description, after checking it against its schema and the contract
 * (`npm run reference` runs it after the API reference). An invalid
 * description fails with the file, line and place of each problem.
 */
import fs from 'node:fs';
import path from 'node:path';
import {portalConfig, portalTokens} from '../portal.config';
import {replaceTokens} from '../src/plugins/remark-portal-tokens';
import {loadCliDescription} from './cli/description';
import {cliReferencePages} from './cli/reference-pages';
import {OperationIndex} from './contract/operations';
import {cliReferenceDir} from './paths';

function main(): void {
  const tokens = portalTokens(portalConfig);
  // Tokens are replaced here, not by the remark plugin, because titles live in front matter: first in the
  // description's values, so that an unknown one is reported at its line of cli/cli.yaml, then in what the pages add.
  const description = loadCliDescription(undefined, OperationIndex.load(), tokens);
  fs.rmSync(cliReferenceDir, {recursive: true, force: true});
  fs.mkdirSync(cliReferenceDir, {recursive: true});
  for (const [name, markdown] of cliReferencePages(description)) {
    fs.writeFileSync(path.join(cliReferenceDir, name), replaceTokens(markdown, tokens, `docs/cli/reference/${name}`));
  }
  console.log(`CLI reference: ${description.groups.length + 1} pages generated in docs/cli/reference/`);
}

try {
  main();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
