/**
 * The step after Docusaurus's build (./build.ts): the outputs for tools
 * (Markdown twins, llms.txt, llms-full.txt: ../markdown-twin/tool-outputs.ts)
 * and the search files (../search/index-files.ts, in a worker thread beside
 * them), then the gzip copies of the site's files (./precompress.ts), from
 * what Docusaurus's processes left of the built site (./built-site.ts).
 */
import path from 'node:path';
import {portalTokens, type PortalConfig} from '../../portal.config';
import {LOCAL_INDEX_PATH} from '../../src/shared/search/settings';
import {writeToolOutputs} from '../markdown-twin/tool-outputs';
import {pageRemarkPlugins} from '../remark/page-plugins';
import {writeSearchFilesInWorker} from '../search/index-files';
import {headingsOnlyRoutes} from '../search/headings-only';
import type {BuiltSiteRecord} from './built-site';
import {precompress} from './precompress';

/**
 * The outputs for tools and the search files of `site`, for the portal `config` describes, then a gzip copy beside
 * each text file of the site (./precompress.ts); resolves to the number of copies.
 */
export async function writeSiteOutputs({routesPaths, ...site}: BuiltSiteRecord, config: PortalConfig): Promise<number> {
  const search = writeSearchFilesInWorker({outDir: site.outDir, routesPaths, baseUrl: site.baseUrl, headingsOnly: headingsOnlyRoutes(site.docs.docs)});
  await writeToolOutputs(site, {remarkPlugins: pageRemarkPlugins(config), apiUrl: config.apiUrl, tokens: portalTokens(config)});
  // The search files take longest: while their thread finishes, this one compresses the rest of the site.
  const searchDir = path.join(site.outDir, path.dirname(LOCAL_INDEX_PATH));
  const compressed = await precompress(site.outDir, {except: [searchDir]});
  await search;
  return compressed + (await precompress(searchDir));
}
