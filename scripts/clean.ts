/** `npm run clean`, before `docusaurus clear`: removes every generated path lib/paths.ts names. */
import fs from 'node:fs';
import path from 'node:path';
import {main} from '../lib/main';
import {generatedPaths, repoRoot} from '../lib/paths';

main(() => {
  for (const generated of generatedPaths) fs.rmSync(generated, {recursive: true, force: true});
  console.log(`Removed ${generatedPaths.map((generated) => `${path.relative(repoRoot, generated)}/`).join(', ')}`);
});
