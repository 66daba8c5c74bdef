/**
 * The API reference step of `npm run reference`: from the compiled contract,
 * regenerates the reference pages in docs/api/reference/ (api-pages.ts) and
 * each operation's try-it data, which the panel fetches when opened, the
 * changelog, and the catalogues of errors and of the permissions operations
 * require. It also writes the webhook events page (sidebars.ts puts it under
 * Webhooks).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {OpenApiDocument} from '../contract/compile';
import {portalConfig, portalTokens} from '../../portal.config';
import {
  API_CHANGELOG_FEED_PATH,
  apiChangelogFeed,
  apiChangelogPage,
  apiReferenceDir,
  contractOutput,
  generatedStaticDir,
  repoRoot,
  tryItDataDir,
  WEBHOOK_EVENTS_PAGE,
} from '../paths';
import {API_PAGES_OUTPUT, readApiReference, writeApiPages, writePageWithData} from './api-pages';
import {loadPageSources} from './operation-page';
import {writeErrorCatalogue} from './error-catalogue';
import {WEBHOOK_EVENTS_FILE, webhookEventsMdx} from './webhook-events';
import {changelogFeed, changelogMarkdown, changesList, changesListPath, unreleasedChanges, withUnreleased, type ChangelogEntry} from './changelog';
import {operationReleases, writeOperationReleases} from './release-marks';
import {PERMISSION_CATALOGUE_PATH, permissionCataloguePage} from './permission-catalogue';

/** `released`: the releases' entries (releaseEntriesInWorker), which need only contract/releases/, started before `document` compiled. */
export async function buildApiReference(document: OpenApiDocument, released: Promise<ChangelogEntry[]>): Promise<void> {
  // Everything in them is generated: pages, the sidebar and each operation's try-it data.
  for (const dir of [apiReferenceDir, tryItDataDir]) fs.rmSync(dir, {recursive: true, force: true});
  // What needs no release first, while the worker may still be diffing the releases: the contract read into the
  // pages' items, and its changes since the latest release. Then the releases' differences: the operation pages show
  // each operation's releases.
  const reference = await readApiReference(contractOutput.yaml);
  const unreleased = unreleasedChanges(document);
  const entries = withUnreleased(await released, unreleased);
  writeOperationReleases(operationReleases(entries, document));
  writeApiPages(reference, API_PAGES_OUTPUT, portalConfig.apiUrl, loadPageSources(portalTokens(portalConfig)));
  writePageWithData(apiReferenceDir, WEBHOOK_EVENTS_FILE, WEBHOOK_EVENTS_PAGE, webhookEventsMdx(document));
  writeChangelog(entries, document);
  writeErrorCatalogue(document);
  fs.writeFileSync(path.join(apiReferenceDir, `${path.basename(PERMISSION_CATALOGUE_PATH)}.md`), permissionCataloguePage(document));
  const pages = fs.readdirSync(apiReferenceDir).filter((name) => name.endsWith('.mdx')).length;
  console.log(`Reference: ${pages} pages generated in docs/api/reference/`);
}

/** The changelog page, each entry's complete list of changes and the feed, from the releases and the current contract. */
function writeChangelog(entries: ChangelogEntry[], document: OpenApiDocument): void {
  fs.writeFileSync(apiChangelogPage, changelogMarkdown(entries, document));
  for (const entry of entries) {
    const file = path.join(generatedStaticDir, changesListPath(entry));
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(file, changesList(entry));
  }
  const site = new URL(portalConfig.baseUrl, portalConfig.siteUrl).href;
  fs.mkdirSync(path.dirname(apiChangelogFeed), {recursive: true});
  fs.writeFileSync(
    apiChangelogFeed,
    changelogFeed(
      entries,
      document,
      new URL('api/changelog', site).href,
      new URL(API_CHANGELOG_FEED_PATH.slice(1), site).href,
      `${portalConfig.productName} API`,
    ),
  );
  console.log(`Changelog: ${entries.length} entries written to docs/api/changelog.md and ${path.relative(repoRoot, apiChangelogFeed)}`);
}
