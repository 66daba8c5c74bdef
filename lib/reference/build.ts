/** The API reference step of `npm run reference` (ARCHITECTURE.md). */
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

/** `released`: the releases' entries, started before `document` compiled since they need only contract/releases/. */
export async function buildApiReference(document: OpenApiDocument, released: Promise<ChangelogEntry[]>): Promise<void> {
  for (const dir of [apiReferenceDir, tryItDataDir]) fs.rmSync(dir, {recursive: true, force: true});
  // What needs no release first, while the worker may still be diffing the releases.
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
