/**
 * `npm run check:docs [files…]`: the drift check of the hand-written pages
 * (all of docs/ by default) against the bundled contract and the CLI
 * description, the wording of the CLI description and the contract, and the contract's examples
 * against their requests (lib/contract/example-consistency.ts). Prints
 * `file:line: problem` or `operation_id: /field: problem` and exits 1 on any.
 */
import fs from 'node:fs';
import path from 'node:path';
import {cliCommandNames, cliDescriptionFile, loadCliDescription} from '../lib/cli/description';
import {exampleContradictions} from '../lib/contract/example-consistency';
import {OperationIndex} from '../lib/contract/operations';
import {checkDocumentation, checkExampleNames, checkSourceWording, contractSourceFiles, documentationFiles} from '../lib/docs/drift';
import {main} from '../lib/main';
import {contractOutput} from '../lib/paths';

main(() => {
  const operations = OperationIndex.load();
  const commands = cliCommandNames(loadCliDescription(undefined, operations));
  const files = process.argv.length > 2 ? process.argv.slice(2).map((file) => path.resolve(file)) : documentationFiles();
  const problems = [
    ...checkDocumentation(files, operations, commands),
    ...checkSourceWording([cliDescriptionFile, ...contractSourceFiles()]),
    ...checkExampleNames([...contractSourceFiles(), cliDescriptionFile, ...files]),
  ];
  const contradictions = exampleContradictions(JSON.parse(fs.readFileSync(contractOutput.json, 'utf8')));
  for (const problem of [...problems, ...contradictions]) console.error(problem);
  console.log(`Drift check: ${files.length} pages, ${problems.length} problems. Examples: ${contradictions.length} contradicting their requests.`);
  process.exitCode = problems.length + contradictions.length ? 1 : 0;
});
