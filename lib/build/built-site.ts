/**
 * What the step after Docusaurus's build (./site-outputs.ts) reads of the
 * built site: where it is, its URL and title, its routes and the docs as the
 * docs plugin loaded them. Docusaurus's process writes it into
 * generated/built-site.json (src/plugins/built-site); this module is all that
 * process loads of the step, not the twins' and search files' modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {BuiltSite} from '../markdown-twin/tool-outputs';
import {builtSiteFile, repoRoot} from '../paths';

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
