/**
 * `npm run contract:release -- <version> "<summary>"`: sets the contract's
 * version (contract/main.tsp), compiles it and records it as a release in
 * contract/releases/, dated today. Refuses a version already released or not
 * greater than the latest.
 */
import {publishedContract} from '../lib/contract/build';
import {contractVersion, recordRelease, setContractVersion} from '../lib/contract/releases';
import {main} from '../lib/main';

main(async () => {
  const [version, summary] = process.argv.slice(2);
  if (!version || !summary) throw new Error('Usage: npm run contract:release -- <version> "<one-line summary>"');
  const previous = contractVersion();
  setContractVersion(version);
  try {
    const document = await publishedContract();
    const file = recordRelease({version, date: new Date().toISOString().slice(0, 10), summary}, document);
    console.log(`Release ${version} recorded in ${file} and contract/releases/index.json`);
  } catch (error) {
    setContractVersion(previous);
    throw error;
  }
});
