/**
 * Compiles contract/ to the served OpenAPI document and the try-it token bridge
 * (generated/static/, lib/paths.ts); title and servers come from portal.config.ts.
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

/** Both are for the public (`x-internal: false`). */
export function contractServers({apiUrl, sandboxUrl}: Pick<PortalConfig, 'apiUrl' | 'sandboxUrl'>): {url: string; description: string; 'x-internal': false}[] {
  return [
    {url: apiUrl, description: 'Production', 'x-internal': false},
    ...(sandboxUrl
      ? [{url: sandboxUrl, description: 'Sandbox: a mock server that answers with the examples of this document', 'x-internal': false as const}]
      : []),
  ];
}

/** The version stays the contract's own. */
function brand(document: OpenApiDocument): OpenApiDocument {
  const {productName, helpUrl} = portalConfig;
  return {
    ...document,
    info: {...document.info, title: `${productName} API`, contact: {name: `${productName} support`, url: helpUrl}},
    servers: contractServers(portalConfig),
  };
}

/** Without the deployer's brand and servers, so releases do not depend on a deployment. */
export async function publishedContract(): Promise<OpenApiDocument> {
  const document = await compileContract();
  boundStrings(document);
  return document;
}

export async function buildContract(): Promise<OpenApiDocument> {
  const document = brand(await publishedContract());
  addExamples(document);
  // js-yaml is much faster than the yaml package on the reference step's critical
  // path. Its compatible quoting keeps dates and yes/no strings for YAML 1.1 readers
  // (PyYAML); the output tests read it so.
  fs.mkdirSync(path.dirname(contractOutput.yaml), {recursive: true});
  fs.writeFileSync(contractOutput.yaml, dump(document, {lineWidth: -1, noRefs: true}));
  fs.writeFileSync(contractOutput.json, `${JSON.stringify(document, null, 2)}\n`);
  fs.mkdirSync(path.dirname(contractOutput.tokenScript), {recursive: true});
  fs.writeFileSync(contractOutput.tokenScript, jwtTokenScript(document, portalConfig.tokenCookie));
  return document;
}
