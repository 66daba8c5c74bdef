/** The step of `npm run build` after Docusaurus's: the outputs for tools, the search files and the gzip copies (lib/build/site-outputs.ts). */
import {awaitTurn} from '../lib/build/build-steps';
import {readBuiltSite} from '../lib/build/built-site';
import {writeSiteOutputs} from '../lib/build/site-outputs';
import {main} from '../lib/main';
import {portalConfig} from '../portal.config';

main(async () => {
  // Started by `npm run build` beside the rendering step, with this script's modules loaded (lib/build/build-steps.ts).
  await awaitTurn();
  const compressed = await writeSiteOutputs(readBuiltSite(), portalConfig);
  console.log(`Precompressed ${compressed} files of build/.`);
});
