/**
 * `npm run rehearse:docusaurus-next [-- --browser] [-- --dir <folder>]`: builds and tests a copy of the portal on the
 * newest Docusaurus 4 release in a scratch folder, and prints which patch guards fired and which tests failed.
 */
import {main} from '../lib/main';
import {rehearsalReport, rehearse} from '../lib/upgrade/rehearsal';

main(() => {
  const args = process.argv.slice(2);
  const dirIndex = args.indexOf('--dir');
  const steps = rehearse({major: 4, browser: args.includes('--browser'), scratchDir: dirIndex >= 0 ? args[dirIndex + 1] : undefined});
  console.log(`\n${rehearsalReport(steps)}`);
});
