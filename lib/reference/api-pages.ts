/**
 * docusaurus-plugin-openapi-docs reads the contract into items and the sidebar;
 * the pages are written by us. Its own generator runs only as a Docusaurus command
 * that reads the contract again, so the reference step calls its reader once
 * instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import {processOpenapiFiles, readOpenapiFiles} from 'docusaurus-plugin-openapi-docs/lib/openapi';
import {createTagPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
import generateSidebarSlice from 'docusaurus-plugin-openapi-docs/lib/sidebars';
import {apiReferenceDir, apiReferenceSidebar, repoRoot, tryItDataDir, tryItDataFile} from '../paths';
import type {PageData} from '../../src/shared/page-data';
import {pageDataFile, pageDataModule, operationPageMdx, type ApiPage, type PageSources} from './operation-page';

type Processed = Awaited<ReturnType<typeof processOpenapiFiles>>;
type TagPage = Parameters<typeof createTagPageMD>[0];

const SIDEBAR_OPTIONS: Parameters<typeof processOpenapiFiles>[2] = {groupPathsBy: 'tag', categoryLinkSource: 'tag'};
const DOCS_FOLDER = 'docs';

export interface ApiReferenceItems {
  specFile: string;
  items: Processed[0];
  options: Parameters<typeof processOpenapiFiles>[1];
  tags: Processed[1];
}

export async function readApiReference(specFile: string): Promise<ApiReferenceItems> {
  // The plugin's reader resolves a relative path against the wrong folder.
  const specPath = path.resolve(specFile);
  const options = {specPath, outputDir: path.relative(repoRoot, apiReferenceDir), showInfoPage: false};
  const [items, tags] = await processOpenapiFiles(await readOpenapiFiles(specPath), options, SIDEBAR_OPTIONS);
  return {specFile, items, options, tags};
}

export async function apiPages(specFile: string): Promise<ApiPage[]> {
  const {items} = await readApiReference(specFile);
  return items.filter((item) => item.type === 'api') as unknown as ApiPage[];
}

/** YAML's double-quoted strings read JSON's escapes. */
function frontMatter(id: string, title: string, description: string, sidebarLabel?: string): string {
  const lines = [`id: ${id}`, `title: ${JSON.stringify(title)}`, `description: ${JSON.stringify(description)}`];
  if (sidebarLabel !== undefined) lines.push(`sidebar_label: ${JSON.stringify(sidebarLabel)}`);
  return `---\n${[...lines, 'custom_edit_url: null'].join('\n')}\n---\n\n`;
}

/** Titled "<display name> API", so it cannot clash with a concept page. */
function tagPageMdx(item: TagPage): string {
  const tag = item.tag as TagPage['tag'] & {'x-displayName'?: string};
  return `${frontMatter(item.id, `${tag['x-displayName'] ?? tag.name} API`, tag.description ?? '')}${createTagPageMD(item)}

\`\`\`mdx-code-block
import DocCards from '@site/src/components/DocCards';
import {useCurrentSidebarCategory} from '@docusaurus/plugin-content-docs/client';

<DocCards items={useCurrentSidebarCategory().items}/>
\`\`\`
`;
}

export interface ApiPagesOutput {
  pagesDir: string;
  tryItDir: string;
}

export const API_PAGES_OUTPUT: ApiPagesOutput = {pagesDir: apiReferenceDir, tryItDir: tryItDataDir};

export function writePageWithData(dir: string, file: string, id: string, {mdx, data}: {mdx: string; data: PageData}): void {
  fs.writeFileSync(path.join(dir, file), mdx);
  fs.writeFileSync(path.join(dir, pageDataFile(id)), pageDataModule(data));
}

/** The sidebar names pages as the docs plugin reads them from docs/api/reference/, wherever `output` puts them. */
export function writeApiPages({specFile, items, options, tags}: ApiReferenceItems, output: ApiPagesOutput, apiUrl: string, sources: PageSources): void {
  for (const dir of [output.pagesDir, output.tryItDir]) fs.mkdirSync(dir, {recursive: true});
  for (const item of items) {
    if (item.type === 'api') {
      const page = item as unknown as ApiPage;
      if (!page.id) throw new Error(`${specFile}: an operation has neither a summary nor an operationId, so its page has no name`);
      const {mdx, data} = operationPageMdx(page, apiUrl, sources);
      const head = frontMatter(page.id, page.title, item.frontMatter.description ?? '', page.title);
      writePageWithData(output.pagesDir, `${page.id}.api.mdx`, page.id, {mdx: `${head}${mdx}`, data});
      fs.writeFileSync(tryItDataFile(page.id, output.tryItDir), JSON.stringify(page.api));
    } else if (item.type === 'tag') {
      fs.writeFileSync(path.join(output.pagesDir, `${item.id}.tag.mdx`), tagPageMdx(item));
    } else {
      throw new Error(`${specFile}: the reference has no page for a ${item.type} item (${item.id})`);
    }
  }
  const sidebar = generateSidebarSlice(SIDEBAR_OPTIONS, options, items, tags, DOCS_FOLDER);
  fs.writeFileSync(path.join(output.pagesDir, path.basename(apiReferenceSidebar)), `${JSON.stringify(sidebar, null, 2)}\n`);
}
