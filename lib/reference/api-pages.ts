/**
 * The operations of an OpenAPI document as docusaurus-plugin-openapi-docs
 * hands them to the operation page generator (createApiPageMD): dereferenced,
 * with the request the try-it panel sends. The reference step writes each
 * operation's try-it data from them, and the generator fixtures are rendered
 * from them, so both see exactly what the plugin generates pages from.
 */
import path from 'node:path';
import {processOpenapiFiles, readOpenapiFiles} from 'docusaurus-plugin-openapi-docs/lib/openapi';
import type {ApiPage} from './operation-page';

export async function apiPages(specFile: string): Promise<ApiPage[]> {
  // The plugin's reader resolves a relative path against the wrong folder.
  const specPath = path.resolve(specFile);
  const [items] = await processOpenapiFiles(await readOpenapiFiles(specPath), {specPath, outputDir: '', showInfoPage: false}, {});
  return items.filter((item) => item.type === 'api') as unknown as ApiPage[];
}
