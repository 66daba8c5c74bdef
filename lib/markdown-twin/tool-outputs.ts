/** Twins of every page, /llms.txt and /llms-full.txt. Operation twins come from the same data and generator as their HTML (../reference/). */
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
  remarkPlugins: PluggableList;
  apiUrl: string;
  /** The CLI samples of operation twins name the client by them. */
  tokens: Record<string, string>;
}

export interface BuiltSite {
  outDir: string;
  siteDir: string;
  siteUrl: string;
  baseUrl: string;
  title: string;
  tagline: string;
  docs: LoadedVersion;
}

/** `npm run bench` reads the seconds from it. */
export const DONE_LINE = /^\[llms\] .* in (\d+(?:\.\d+)?) s$/m;

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
  // Not by its page's cut description.
  const describe = (page: SitePage) => (isOperationPage(page) ? operationLine(operation(page)) : undefined);
  const siteUrl = built.siteUrl.replace(/\/+$/, '');
  const site = new SitePages(docs, {siteDir, siteUrl, baseUrl, describe});
  const markdownTwin = markdownTwinMaker(options.remarkPlugins);
  const twins = new Map<string, string>();
  const contract = JSON.parse(fs.readFileSync(contractOutput.json, 'utf8'));
  const sources = loadPageSources(options.tokens);
  for (const page of site.pages) {
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
