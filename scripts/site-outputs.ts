/** The step of `npm run build` after Docusaurus's: the outputs for tools and the search files (lib/build/built-site.ts). */
import {readBuiltSite, writeSiteOutputs} from '../lib/build/built-site';
import {main} from '../lib/main';
import {portalConfig} from '../portal.config';

main(() => writeSiteOutputs(readBuiltSite(), portalConfig));
