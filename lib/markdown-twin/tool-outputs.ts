/**
 * After the build, the portal in the forms tools read: the Markdown twin of
 * every page (`/a/b.md`: a written page from its source through the site's
 * remark plugins, ./page-markdown.ts; an operation page from the same
 * operation data and generator as its HTML, ../reference/), /llms.txt and
 * /llms-full.txt. It prints how long it took, which `npm run bench` reads.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadedVersion} from '@docusaurus/plugin-content-docs';
import type {PluggableList} from 'unified';
import {OperationIndex} from '../contract/operations';
import {contractOutput, LLMS_FILE, LLMS_FULL_FILE, tryItDataFile, WEBHOOK_EVENTS_ID} from '../paths';
import {loadPageSources, operationPageMarkdown, type PageSources} from '../reference/operation-page';
import {webhookEventsMarkdown} from '../reference/webhook-events';
import {llmsFullTxt, llmsTxt, operationLine} from './llms-txt';
import {markdownTwinMaker} from './page-markdown';
import {isOperationPage, SitePages, type SitePage} from './site-pages';

export interface ToolOutputsOptions {
  /** The remark plugins the site's pages go through, in the same order. */
  remarkPlugins: PluggableList;
  apiUrl: string;
  /** The portal's {{tokens}}: the CLI samples of operation twins name the client by them. */
  tokens: Record<string, string>;
}

/** The built site, as the docs plugin loaded it and Docusaurus wrote it. */
export interface BuiltSite {
  outDir: string;
  siteDir: string;
  /** The site's URL (siteConfig.url) and base URL. */
  siteUrl: string;
  baseUrl: string;
  title: string;
  tagline: string;
  /** The docs plugin's one version. */
  docs: LoadedVersion;
}

/** The line printed when done; `npm run bench` reads the seconds from it. */
export const DONE_LINE = /^\[llms\] .* in (\d+(?:\.\d+)?) s$/m;

/** An operation page's twin, from the operation data its page was generated from (kept for the try-it panel). */
function operationTwin(page: SitePage, apiUrl: string, sources: PageSources): string {
  const id = path.basename(page.source, '.api.mdx');
  return operationPageMarkdown({id, title: page.title, api: JSON.parse(fs.readFileSync(tryItDataFile(id), 'utf8'))}, apiUrl, sources);
}

export async function writeToolOutputs({outDir, siteDir, baseUrl, title, tagline, docs, ...built}: BuiltSite, options: ToolOutputsOptions): Promise<void> {
  const started = performance.now();
  const operations = OperationIndex.load();
  const operation = (page: SitePage) => {
    const found = isOperationPage(page) && operations.operations.find((candidate) => `${baseUrl}${candidate.referencePath.slice(1)}` === page.permalink);
    if (!found) throw new Error(`[llms] no operation of the contract has the page ${page.permalink}`);
    return found;
  };
  // An operation page is described by its method, path and first sentence, not by its page's cut description.
  const describe = (page: SitePage) => (isOperationPage(page) ? operationLine(operation(page)) : undefined);
  const siteUrl = built.siteUrl.replace(/\/+$/, '');
  const site = new SitePages(docs, {siteDir, siteUrl, baseUrl, describe});
  const markdownTwin = markdownTwinMaker(options.remarkPlugins);
  const twins = new Map<string, string>();
  const contract = JSON.parse(fs.readFileSync(contractOutput.json, 'utf8'));
  const sources = loadPageSources(options.tokens);
  for (const page of site.pages) {
    // Generated pages' twins come from the contract, with the generator of their page.
    const markdown = isOperationPage(page)
      ? operationTwin(page, options.apiUrl, sources)
      : page.id === WEBHOOK_EVENTS_ID
        ? webhookEventsMarkdown(contract, site.context(page).url)
        : await markdownTwin({path: page.source, content: fs.readFileSync(page.source, 'utf8'), title: page.title}, site.context(page));
    twins.set(page.id, markdown);
    const file = path.join(outDir, page.twinPath.slice(baseUrl.length));
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(file, markdown);
  }

  const input = {title, tagline, siteRoot: `${siteUrl}${baseUrl}`, sections: site.sections(), operation, twins};
  fs.writeFileSync(path.join(outDir, LLMS_FILE), llmsTxt(input));
  fs.writeFileSync(path.join(outDir, LLMS_FULL_FILE), llmsFullTxt(input));

  const seconds = (performance.now() - started) / 1000;
  console.log(`[llms] ${twins.size} Markdown twins, ${LLMS_FILE} and ${LLMS_FULL_FILE} in ${seconds.toFixed(2)} s`);
}
