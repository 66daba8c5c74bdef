/**
 * The step after Docusaurus's build: the outputs for tools (Markdown twins,
 * llms.txt, llms-full.txt: ../markdown-twin/tool-outputs.ts) and the search
 * files (../search/index-files.ts, in a worker thread beside them), then the
 * gzip copies of the site's files (./precompress.ts). It runs in a process of
 * its own (scripts/site-outputs.ts), once Docusaurus's have exited, from what
 * they left of the built site (./built-site.ts).
 */
import path from 'node:path';
import {portalTokens, type PortalConfig} from '../../portal.config';
import {LOCAL_INDEX_PATH} from '../../src/shared/search/settings';
import {writeToolOutputs} from '../markdown-twin/tool-outputs';
import {pageRemarkPlugins} from '../remark/page-plugins';
import {searchFilesWorker} from '../search/index-files';
import {headingsOnlyRoutes} from '../search/headings-only';
import type {BuiltSiteRecord} from './built-site';
import {precompress} from './precompress';

/** What the caller may have started or knows before the site is built. */
export interface SiteOutputsOptions {
  /** The search files' thread, started early (searchFilesWorker). */
  searchWorker?: ReturnType<typeof searchFilesWorker>;
  /** Resolves once every file of the site but these outputs is written: the gzip copies wait for it. */
  siteWritten?: Promise<void>;
}

/**
 * The outputs for tools and the search files of `site`, for the portal `config` describes, then a gzip copy beside
 * each text file of the site (./precompress.ts); resolves to the number of copies.
 */
export async function writeSiteOutputs(
  {routesPaths, ...site}: BuiltSiteRecord,
  config: PortalConfig,
  {searchWorker = searchFilesWorker(), siteWritten = Promise.resolve()}: SiteOutputsOptions = {},
): Promise<number> {
  const search = searchWorker.run({outDir: site.outDir, routesPaths, baseUrl: site.baseUrl, headingsOnly: headingsOnlyRoutes(site.docs.docs)});
  await writeToolOutputs(site, {remarkPlugins: pageRemarkPlugins(config), apiUrl: config.apiUrl, tokens: portalTokens(config)});
  // The search files take longest: while their thread finishes, this one compresses the rest of the site.
  await siteWritten;
  const searchDir = path.join(site.outDir, path.dirname(LOCAL_INDEX_PATH));
  const compressed = await precompress(site.outDir, {except: [searchDir]});
  await search;
  return compressed + (await precompress(searchDir));
}
