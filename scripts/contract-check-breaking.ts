/**
 * `npm run contract:check-breaking`: fails, naming each one, on a breaking
 * change of the compiled contract (generated/static/openapi.json, `npm run
 * contract`) against the latest release that was not announced (see
 * lib/contract/breaking-gate.ts). Arguments: another released document and
 * contract, for trying the gate on other files.
 */
import fs from 'node:fs';
import {checkBreaking} from '../lib/contract/breaking-gate';
import {changeLine} from '../lib/contract/diff';
import {latestRelease, readReleaseDocument} from '../lib/contract/releases';
import {main} from '../lib/main';
import {contractOutput} from '../lib/paths';

main(() => {
  const [releasedFile, currentFile = contractOutput.json] = process.argv.slice(2);
  const latest = latestRelease();
  if (!releasedFile && !latest) throw new Error('No release in contract/releases/: cut one with npm run contract:release');
  const released = releasedFile ? JSON.parse(fs.readFileSync(releasedFile, 'utf8')) : readReleaseDocument(latest!.version);
  if (!fs.existsSync(currentFile)) throw new Error(`${currentFile} is missing: run npm run contract`);
  const current = JSON.parse(fs.readFileSync(currentFile, 'utf8'));
  const {unannounced, announced, changes} = checkBreaking(released, current);
  for (const {change, reason} of announced) console.log(`${changeLine(change)} — allowed: ${reason}`);
  const against = `${released.info?.version} (the latest release)`;
  if (unannounced.length) {
    throw new Error(
      `The contract (${current.info?.version}) breaks clients of ${against}:\n${unannounced.map((change) => `  ${changeLine(change)}`).join('\n')}\n` +
        'Make the change additive, or deprecate first with a sunset date (x-sunset) and remove after it, or raise the major version.',
    );
  }
  console.log(`No unannounced breaking change against ${against}: ${changes.length} change(s), ${announced.length} announced breaking.`);
});
