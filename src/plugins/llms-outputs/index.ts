/**
 * After the build, the portal in the forms tools read: the Markdown twin of
 * every page (`/a/b.md`: a written page from its source through the site's
 * remark plugins, scripts/markdown-twin/; an operation page from the same
 * operation data and generator as its HTML, scripts/reference/), /llms.txt and /llms-full.txt, and the
 * Postman collection of the API from the bundled contract. It prints how long
 * it took, which `npm run bench` reads.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import type {Plugin} from '@docusaurus/types';
import type {PluggableList} from 'unified';
import {contractOutput} from '../../../scripts/build-contract';
import {OperationIndex} from '../../../scripts/contract/operations';
import {LLMS_FILE, LLMS_FULL_FILE, llmsFullTxt, llmsTxt, operationLine, POSTMAN_FILE} from '../../../scripts/markdown-twin/llms-txt';
import {markdownTwinMaker} from '../../../scripts/markdown-twin/page-markdown';
import {isOperationPage, SitePages, type SitePage} from '../../../scripts/markdown-twin/site-pages';
import {postmanCollection} from '../../../scripts/postman/collection';
import {operationPageMarkdown, tryItDataFile} from '../../../scripts/reference/operation-page';
import {WEBHOOK_EVENTS_ID, webhookEventsMarkdown} from '../../../scripts/reference/webhook-events';

export interface Options {
  /** The remark plugins the site's pages go through, in the same order. */
  remarkPlugins: PluggableList;
  apiUrl: string;
  sandboxUrl: string;
}

/** The line this plugin prints when done; `npm run bench` reads the seconds from it. */
export const DONE_LINE = /^\[llms\] .* in (\d+(?:\.\d+)?) s$/m;

/** An operation page's twin, from the operation data its page was generated from (kept for the try-it panel). */
function operationTwin(page: SitePage, apiUrl: string): string {
  const id = path.basename(page.source, '.api.mdx');
  return operationPageMarkdown({id, title: page.title, api: JSON.parse(fs.readFileSync(tryItDataFile(id), 'utf8'))}, apiUrl);
}

export default function llmsOutputs(options: Options): () => Plugin {
  let docs: LoadedContent | undefined;
  return () => ({
    name: 'llms-outputs',
    allContentLoaded({allContent}) {
      docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
    },
    async postBuild({outDir, siteConfig, baseUrl, siteDir}) {
      const started = performance.now();
      const [version] = docs?.loadedVersions ?? [];
      if (!version) throw new Error('[llms] the docs plugin loaded no version to make Markdown twins of');
      const operations = OperationIndex.load();
      const operation = (page: SitePage) => {
        const found = isOperationPage(page) && operations.operations.find((candidate) => `${baseUrl}${candidate.referencePath.slice(1)}` === page.permalink);
        if (!found) throw new Error(`[llms] no operation of the contract has the page ${page.permalink}`);
        return found;
      };
      // An operation page is described by its method, path and first sentence, not by its page's cut description.
      const describe = (page: SitePage) => (isOperationPage(page) ? operationLine(operation(page)) : undefined);
      const siteUrl = siteConfig.url.replace(/\/+$/, '');
      const site = new SitePages(version, {siteDir, siteUrl, baseUrl, describe});
      const markdownTwin = markdownTwinMaker(options.remarkPlugins);
      const twins = new Map<string, string>();
      const contract = JSON.parse(fs.readFileSync(contractOutput.json, 'utf8'));
      for (const page of site.pages) {
        // Generated pages' twins come from the contract, with the generator of their page.
        const markdown = isOperationPage(page)
          ? operationTwin(page, options.apiUrl)
          : page.id === WEBHOOK_EVENTS_ID
            ? webhookEventsMarkdown(contract, site.context(page).url)
            : await markdownTwin({path: page.source, content: fs.readFileSync(page.source, 'utf8'), title: page.title}, site.context(page));
        twins.set(page.id, markdown);
        const file = path.join(outDir, page.twinPath.slice(baseUrl.length));
        fs.mkdirSync(path.dirname(file), {recursive: true});
        fs.writeFileSync(file, markdown);
      }

      const input = {title: siteConfig.title, tagline: siteConfig.tagline, siteRoot: `${siteUrl}${baseUrl}`, sections: site.sections(), operation, twins};
      fs.writeFileSync(path.join(outDir, LLMS_FILE), llmsTxt(input));
      fs.writeFileSync(path.join(outDir, LLMS_FULL_FILE), llmsFullTxt(input));

      fs.writeFileSync(path.join(outDir, POSTMAN_FILE), JSON.stringify(await postmanCollection(contract, options)));
      const seconds = (performance.now() - started) / 1000;
      console.log(`[llms] ${twins.size} Markdown twins, ${LLMS_FILE}, ${LLMS_FULL_FILE} and ${POSTMAN_FILE} in ${seconds.toFixed(2)} s`);
    },
  });
}
