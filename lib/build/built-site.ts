/**
 * What the step after Docusaurus's build reads of the built site
 * (generated/built-site.json, written by src/plugins/built-site). All Docusaurus's
 * process loads of that step, so it does not load the twins' and search modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {BuiltSite} from '../markdown-twin/tool-outputs';
import {builtSiteFile, repoRoot} from '../paths';

/** Routes include the base URL, as Docusaurus lists them. */
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
