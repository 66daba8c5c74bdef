/** Builds the site when its inputs changed since the last build (`npm start` and the tests run it first). */
import {ensureBuild} from '../lib/build/ensure-build';
import {main} from '../lib/main';

main(ensureBuild);
