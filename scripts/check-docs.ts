/**
 * `npm run check:docs [files…]`: the drift check of the hand-written pages
 * (all of docs/ by default) against the bundled contract and the CLI
 * description. Prints `file:line: problem` and exits 1 on any.
 */
import path from 'node:path';
import {cliCommandNames, loadCliDescription} from '../lib/cli/description';
import {OperationIndex} from '../lib/contract/operations';
import {checkDocumentation, documentationFiles} from '../lib/docs/drift';
import {main} from '../lib/main';

main(() => {
  const operations = OperationIndex.load();
  const commands = cliCommandNames(loadCliDescription(undefined, operations));
  const files = process.argv.length > 2 ? process.argv.slice(2).map((file) => path.resolve(file)) : documentationFiles();
  const problems = checkDocumentation(files, operations, commands);
  for (const problem of problems) console.error(problem);
  console.log(`Drift check: ${files.length} pages, ${problems.length} problems.`);
  process.exitCode = problems.length ? 1 : 0;
});
