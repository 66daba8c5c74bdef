/** The step of `npm run build` after Docusaurus's: the outputs for tools, the search files and the gzip copies (lib/build/site-outputs.ts). */
import {awaitTurn, expectSignal, RENDERING_FINISHED} from '../lib/build/build-steps';
import {readBuiltSite} from '../lib/build/built-site';
import {writeSiteOutputs} from '../lib/build/site-outputs';
import {main} from '../lib/main';
import {searchFilesWorker} from '../lib/search/index-files';
import {portalConfig} from '../portal.config';

main(async () => {
  // Started by `npm run build` beside the rendering step, with this script's modules loaded and the search files'
  // thread loading its own (lib/build/build-steps.ts).
  const searchWorker = searchFilesWorker();
  // Its turn comes once the pages are rendered; the rest of the site, which it compresses too, once Docusaurus's
  // process has exited.
  const siteWritten = expectSignal(RENDERING_FINISHED);
  await awaitTurn();
  const compressed = await writeSiteOutputs(readBuiltSite(), portalConfig, {searchWorker, siteWritten});
  console.log(`Precompressed ${compressed} files of build/.`);
});
