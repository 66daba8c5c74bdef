/**
 * The step after Docusaurus's build: the outputs for tools (Markdown twins,
 * llms.txt, llms-full.txt: ../markdown-twin/tool-outputs.ts)
 * and the search files (../search/index-files.ts, in a worker thread beside
 * them). They run in a process of their own (scripts/site-outputs.ts), once
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

/** The outputs for tools and the search files of `site`, for the portal `config` describes. */
export async function writeSiteOutputs({routesPaths, ...site}: BuiltSiteRecord, config: PortalConfig): Promise<void> {
  await Promise.all([
    writeSearchFilesInWorker({outDir: site.outDir, routesPaths, baseUrl: site.baseUrl, headingsOnly: headingsOnlyRoutes(site.docs.docs)}),
    writeToolOutputs(site, {
      remarkPlugins: pageRemarkPlugins(config),
      apiUrl: config.apiUrl,
      tokens: portalTokens(config),
    }),
  ]);
}
