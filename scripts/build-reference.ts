/**
 * `npm run reference`: compiles the contract, then regenerates the reference
 * pages in docs/api/reference/ (docusaurus-plugin-openapi-docs). The plugin
 * titles and describes each tag page by the tag's name; here each gets a
 * title that cannot clash with a concept page ("Findings API") and its tag's
 * description, so search engines and link previews see what it is for; and
 * writes the error catalogue beside them (scripts/reference/error-catalogue.ts).
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {buildContract} from './build-contract';
import {apiReferenceDir, repoRoot} from './paths';
import {writeErrorCatalogue} from './reference/error-catalogue';
import {tryItDataDir} from './reference/operation-page';

function docusaurus(...args: string[]): void {
  const result = spawnSync(path.join(repoRoot, 'node_modules/.bin/docusaurus'), args, {cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit']});
  if (result.status !== 0) throw new Error(`docusaurus ${args.join(' ')} failed`);
}

async function main(): Promise<void> {
  const document = await buildContract();
  // Everything in them is generated: pages, the sidebar and each operation's try-it data.
  for (const dir of [apiReferenceDir, tryItDataDir]) fs.rmSync(dir, {recursive: true, force: true});
  docusaurus('gen-api-docs', 'all');
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
  writeErrorCatalogue(document);
  const pages = fs.readdirSync(apiReferenceDir).filter((name) => name.endsWith('.mdx')).length;
  console.log(`Reference: ${pages} pages generated in docs/api/reference/`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
