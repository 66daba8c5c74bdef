/** `npm run contract`: compiles contract/ to the OpenAPI document and the token bridge in generated/static/. */
import {buildContract} from '../lib/contract/build';
import {main} from '../lib/main';
import {operationsOf} from '../lib/openapi';

main(async () => {
  const document = await buildContract();
  console.log(`Contract: ${operationsOf(document).length} operations written to generated/static/openapi.yaml and openapi.json`);
});
