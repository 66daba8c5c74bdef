/**
 * `npm run contract:diff -- <a> [b]`: the classified changes from contract a
 * to b, each a release version, `current` (the compiled contract,
 * generated/static/openapi.json) or an OpenAPI JSON file; b defaults to
 * `current`. Exits 1 when a change is breaking.
 */
import fs from 'node:fs';
import {changeLine, diffContracts} from '../lib/contract/diff';
import {readReleaseDocument} from '../lib/contract/releases';
import {main} from '../lib/main';
import {contractOutput} from '../lib/paths';

function load(name: string) {
  if (name === 'current') name = contractOutput.json;
  if (/^\d+\.\d+\.\d+$/.test(name)) return readReleaseDocument(name);
  if (!fs.existsSync(name)) throw new Error(`${name}: no such release or file`);
  return JSON.parse(fs.readFileSync(name, 'utf8'));
}

main(() => {
  const [a, b = 'current'] = process.argv.slice(2);
  if (!a) throw new Error('Usage: npm run contract:diff -- <release|current|file.json> [release|current|file.json]');
  const changes = diffContracts(load(a), load(b));
  for (const change of changes) console.log(changeLine(change));
  const breaking = changes.filter((change) => change.kind === 'breaking').length;
  console.log(`${changes.length} change(s) from ${a} to ${b}, ${breaking} breaking`);
  if (breaking) process.exitCode = 1;
});
