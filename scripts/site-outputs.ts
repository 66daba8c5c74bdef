/** The step of `npm run build` after Docusaurus's: the outputs for tools, the search files and the gzip copies (lib/build/built-site.ts). */
import {readBuiltSite, writeSiteOutputs} from '../lib/build/built-site';
import {main} from '../lib/main';
import {portalConfig} from '../portal.config';

main(async () => {
  const compressed = await writeSiteOutputs(readBuiltSite(), portalConfig);
  console.log(`Precompressed ${compressed} files of build/.`);
});
