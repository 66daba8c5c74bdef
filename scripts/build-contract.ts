/**
 * Compiles contract/ to the OpenAPI document the portal serves and the
 * reference is generated from: static/openapi.yaml and static/openapi.json
 * (generated, never committed), and the try-it panel's token bridge
 * static/js/setJWTTokenValue.js. Title and servers come from portal.config.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import {stringify} from 'yaml';
import {portalConfig, type PortalConfig} from '../portal.config';
import {compileContract, type OpenApiDocument} from './contract/compile';
import {boundStrings} from './contract/bounds';
import {addExamples} from './contract/examples';
import {jwtTokenScript} from './contract/jwt-token-script';
import {repoRoot} from './paths';

export const contractOutput = {
  yaml: path.join(repoRoot, 'static/openapi.yaml'),
  json: path.join(repoRoot, 'static/openapi.json'),
  tokenScript: path.join(repoRoot, 'static/js/setJWTTokenValue.js'),
};

/** The contract's servers: the API, then the deployment's sandbox if it has one; both are for the public (`x-internal: false`). */
export function contractServers({apiUrl, sandboxUrl}: Pick<PortalConfig, 'apiUrl' | 'sandboxUrl'>): {url: string; description: string; 'x-internal': false}[] {
  return [
    {url: apiUrl, description: 'Production', 'x-internal': false},
    ...(sandboxUrl ? [{url: sandboxUrl, description: 'Sandbox: a mock server that answers with the examples of this document', 'x-internal': false as const}] : []),
  ];
}

/** Applies the deployer's brand and servers to the compiled document. */
function brand(document: OpenApiDocument): OpenApiDocument {
  const {productName, helpUrl} = portalConfig;
  return {
    ...document,
    info: {...document.info, title: `${productName} API`, version: '1.0.0', contact: {name: `${productName} support`, url: helpUrl}},
    servers: contractServers(portalConfig),
  };
}

export async function buildContract(): Promise<OpenApiDocument> {
  const document = brand(await compileContract());
  boundStrings(document);
  addExamples(document);
  // YAML 1.1 quoting: dates and yes/no stay strings for YAML 1.1 readers (js-yaml, PyYAML).
  fs.writeFileSync(contractOutput.yaml, stringify(document, {lineWidth: 0, aliasDuplicateObjects: false, version: '1.1'}));
  fs.writeFileSync(contractOutput.json, `${JSON.stringify(document, null, 2)}\n`);
  fs.mkdirSync(path.dirname(contractOutput.tokenScript), {recursive: true});
  fs.writeFileSync(contractOutput.tokenScript, jwtTokenScript(document, portalConfig.tokenCookie));
  return document;
}

if (require.main === module) {
  buildContract()
    .then((document) => {
      const operations = Object.values<object>(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
      console.log(`Contract: ${operations} operations written to static/openapi.yaml and static/openapi.json`);
    })
    .catch((error: Error) => {
      console.error(error.message);
      process.exit(1);
    });
}
