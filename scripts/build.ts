/** `npm run build`: the contract, the reference, the site and the outputs after it, in order (lib/build/build.ts). */
import {build} from '../lib/build/build';
import {main} from '../lib/main';

main(build);
