/**
 * The step after Docusaurus's build: the outputs for tools (Markdown twins,
 * llms.txt, llms-full.txt: ../markdown-twin/tool-outputs.ts)
 * and the search files (../search/index-files.ts, in a worker thread beside
 * them), then the gzip copies of the site's files (./precompress.ts). They run in a process of their own (scripts/site-outputs.ts), once
 * Docusaurus's has exited: run in its postBuild, they added their memory to
 * the gigabytes the bundler had left it holding, which made the build's peak.
 * Docusaurus's process leaves what they need of the built site in
 * generated/built-site.json (src/plugins/built-site).
 */
import fs from 'node:fs';
import path from 'node:path';
import {portalTokens, type PortalConfig} from '../../portal.config';
import {writeToolOutputs, type BuiltSite} from '../markdown-twin/tool-outputs';
import {builtSiteFile, repoRoot} from '../paths';
import {pageRemarkPlugins} from '../remark/page-plugins';
import {writeSearchFilesInWorker} from '../search/index-files';
import {headingsOnlyRoutes} from '../search/records';
import {LOCAL_INDEX_PATH} from '../../src/shared/search/settings';
import {precompress} from './precompress';

/** The built site, and its routes (base URL included) as Docusaurus lists them. */
export interface BuiltSiteRecord extends BuiltSite {
  routesPaths: string[];
}

export function writeBuiltSite(site: BuiltSiteRecord, file = builtSiteFile): void {
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, JSON.stringify(site));
}

export function readBuiltSite(file = builtSiteFile): BuiltSiteRecord {
  if (!fs.existsSync(file)) {
    throw new Error(`${path.relative(repoRoot, file)} is missing: Docusaurus's build writes it (src/plugins/built-site). Run \`npm run build\`.`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as BuiltSiteRecord;
}

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
