/**
 * Compiles contract/ to the OpenAPI document the portal serves and the
 * reference is generated from, openapi.yaml and openapi.json, and the try-it
 * panel's token bridge js/setJWTTokenValue.js, all in generated/static/
 * (lib/paths.ts). Title and servers come from portal.config.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import {dump} from 'js-yaml';
import {portalConfig, type PortalConfig} from '../../portal.config';
import {compileContract, type OpenApiDocument} from './compile';
import {boundStrings} from './bounds';
import {addExamples} from './examples';
import {jwtTokenScript} from './jwt-token-script';
import {contractOutput} from '../paths';

/** The contract's servers: the API, then the deployment's sandbox if it has one; both are for the public (`x-internal: false`). */
export function contractServers({apiUrl, sandboxUrl}: Pick<PortalConfig, 'apiUrl' | 'sandboxUrl'>): {url: string; description: string; 'x-internal': false}[] {
  return [
    {url: apiUrl, description: 'Production', 'x-internal': false},
    ...(sandboxUrl
      ? [{url: sandboxUrl, description: 'Sandbox: a mock server that answers with the examples of this document', 'x-internal': false as const}]
      : []),
  ];
}

/** Applies the deployer's brand and servers to the compiled document; the version stays the contract's own. */
function brand(document: OpenApiDocument): OpenApiDocument {
  const {productName, helpUrl} = portalConfig;
  return {
    ...document,
    info: {...document.info, title: `${productName} API`, contact: {name: `${productName} support`, url: helpUrl}},
    servers: contractServers(portalConfig),
  };
}

/** The contract as a release records it: compiled, with the bounds TypeSpec cannot state (./bounds.ts); without the deployer's brand and servers. */
export async function publishedContract(): Promise<OpenApiDocument> {
  const document = await compileContract();
  boundStrings(document);
  return document;
}

export async function buildContract(): Promise<OpenApiDocument> {
  const document = brand(await publishedContract());
  addExamples(document);
  // js-yaml writes the document in a quarter of the time of the yaml package, on the reference step's critical path.
  // Its compatible quoting keeps dates and yes/no strings for YAML 1.1 readers (PyYAML); the output tests read it so.
  fs.mkdirSync(path.dirname(contractOutput.yaml), {recursive: true});
  fs.writeFileSync(contractOutput.yaml, dump(document, {lineWidth: -1, noRefs: true}));
  fs.writeFileSync(contractOutput.json, `${JSON.stringify(document, null, 2)}\n`);
  fs.mkdirSync(path.dirname(contractOutput.tokenScript), {recursive: true});
  fs.writeFileSync(contractOutput.tokenScript, jwtTokenScript(document, portalConfig.tokenCookie));
  return document;
}
