/** The last step of `npm run build`: a gzip copy beside each text file of build/. */
import {precompress} from '../lib/build/precompress';
import {main} from '../lib/main';
import {buildDir} from '../lib/paths';

main(async () => {
  const started = Date.now();
  const count = await precompress(buildDir);
  console.log(`Precompressed ${count} files of build/ in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
});
