/**
 * The API reference step of `npm run reference`: from the compiled contract,
 * regenerates the reference pages in docs/api/reference/
 * (docusaurus-plugin-openapi-docs, with our operation page generator) and
 * each operation's try-it data, which the panel fetches when opened, and the
 * catalogue of the permissions operations require. The plugin
 * titles and describes each tag page by the tag's name; here each gets a
 * title that cannot clash with a concept page ("Findings API") and its tag's
 * description, so search engines and link previews see what it is for.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type {OpenApiDocument} from '../contract/compile';
import {apiReferenceDir, contractOutput, repoRoot, tryItDataDir, tryItDataFile} from '../paths';
import {apiPages} from './api-pages';
import {PERMISSION_CATALOGUE_PATH, permissionCataloguePage} from './permission-catalogue';

function docusaurus(...args: string[]): void {
  const result = spawnSync(path.join(repoRoot, 'node_modules/.bin/docusaurus'), args, {cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit']});
  if (result.status !== 0) throw new Error(`docusaurus ${args.join(' ')} failed`);
}

export async function buildApiReference(document: OpenApiDocument): Promise<void> {
  // Everything in them is generated: pages, the sidebar and each operation's try-it data.
  for (const dir of [apiReferenceDir, tryItDataDir]) fs.rmSync(dir, {recursive: true, force: true});
  docusaurus('gen-api-docs', 'all');
  fs.mkdirSync(tryItDataDir, {recursive: true});
  for (const page of await apiPages(contractOutput.yaml)) fs.writeFileSync(tryItDataFile(page.id), JSON.stringify(page.api));
  for (const tag of document.tags as {name: string; description: string; 'x-displayName': string}[]) {
    const file = path.join(apiReferenceDir, `${tag.name}.tag.mdx`);
    if (!fs.existsSync(file)) continue;
    const page = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(
      file,
      page
        .replace(/^title: .*$/m, `title: ${JSON.stringify(`${tag['x-displayName']} API`)}`)
        .replace(/^description: .*$/m, `description: ${JSON.stringify(tag.description)}`),
    );
  }
  fs.writeFileSync(path.join(apiReferenceDir, `${path.basename(PERMISSION_CATALOGUE_PATH)}.md`), permissionCataloguePage(document));
  const pages = fs.readdirSync(apiReferenceDir).filter((name) => name.endsWith('.mdx')).length;
  console.log(`Reference: ${pages} pages generated in docs/api/reference/`);
}
