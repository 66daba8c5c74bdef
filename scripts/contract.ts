/** `npm run contract`: compiles contract/ to the OpenAPI document and the token bridge in generated/static/. */
import {buildContract} from '../lib/contract/build';
import {main} from '../lib/main';

main(async () => {
  const document = await buildContract();
  const operations = Object.values<object>(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
  console.log(`Contract: ${operations} operations written to generated/static/openapi.yaml and openapi.json`);
});
