/** The step after Docusaurus's build: the outputs for tools, the search files in a worker thread beside them, then gzip copies. */
import path from 'node:path';
import {portalTokens, type PortalConfig} from '../../portal.config';
import {LOCAL_INDEX_PATH} from '../../src/shared/search/settings';
import {writeToolOutputs} from '../markdown-twin/tool-outputs';
import {pageRemarkPlugins} from '../remark/page-plugins';
import {writeSearchFilesInWorker} from '../search/index-files';
import {headingsOnlyRoutes} from '../search/headings-only';
import type {BuiltSiteRecord} from './built-site';
import {precompress} from './precompress';

/** Resolves to the number of gzip copies. */
export async function writeSiteOutputs({routesPaths, ...site}: BuiltSiteRecord, config: PortalConfig): Promise<number> {
  const search = writeSearchFilesInWorker({outDir: site.outDir, routesPaths, baseUrl: site.baseUrl, headingsOnly: headingsOnlyRoutes(site.docs.docs)});
  await writeToolOutputs(site, {remarkPlugins: pageRemarkPlugins(config), apiUrl: config.apiUrl, tokens: portalTokens(config)});
  // The search files take longest: while their thread finishes, this one compresses the rest.
  const searchDir = path.join(site.outDir, path.dirname(LOCAL_INDEX_PATH));
  const compressed = await precompress(site.outDir, {except: [searchDir]});
  await search;
  return compressed + (await precompress(searchDir));
}
