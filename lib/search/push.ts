/**
 * `npm run search:push [-- --dry-run] [records.json]`: sends the search records
 * the build extracted (build/search/records.json, or the file given) to the hosted index the site searches
 * (portal.config.ts), with the index settings DocSearch's crawler gives a
 * Docusaurus site. The records replace the index's content in one move (the
 * client fills a temporary index and moves it over the old one), so readers
 * never search a half-filled index.
 *
 * Writing needs a key with write access, PORTAL_SEARCH_ADMIN_KEY: only this
 * script uses it, so it never reaches the site, and it is refused as the
 * public search key (portal.config.ts). The records' text is sent
 * HTML-escaped, for the DocSearch modal injects what the service answers as
 * HTML (src/shared/search/html-text.ts). `--dry-run` prints what would be sent and
 * sends nothing; it needs no key.
 */
import fs from 'node:fs';
import path from 'node:path';
import {algoliasearch, type IndexSettings} from 'algoliasearch';
import {loadPortalConfig, portalEnv} from '../../portal.config';
import {LEVELS} from '../../src/shared/search/hierarchy';
import {withEscapedText} from '../../src/shared/search/html-text';
import {buildDir, SEARCH_RECORDS_FILE} from '../paths';
import type {SearchRecord} from './records';

export const recordsPath = path.join(buildDir, SEARCH_RECORDS_FILE);

/**
 * DocSearch's crawler settings for Docusaurus sites: the hierarchy and the
 * text searchable, the contextual search tags as facets, one hit per URL,
 * headings and more linked pages first, "_" kept inside words so field names
 * such as include_subdomains are found whole.
 */
export const indexSettings: IndexSettings = {
  searchableAttributes: [...LEVELS.map((level) => `unordered(hierarchy.${level})`), 'content'],
  attributesForFaceting: ['type', 'language', 'version', 'docusaurus_tag'],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  camelCaseAttributes: ['hierarchy', 'content'],
  distinct: true,
  attributeForDistinct: 'url',
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
  minWordSizefor1Typo: 3,
  minWordSizefor2Typos: 7,
  allowTyposOnNumericTokens: false,
  minProximity: 1,
  ignorePlurals: true,
  advancedSyntax: true,
  attributeCriteriaComputedByMinProximity: true,
  removeWordsIfNoResults: 'allOptional',
  separatorsToIndex: '_',
};

export interface PushTarget {
  appId: string;
  indexName: string;
  adminKey: string;
}

/** The hosted index and the key that writes it; throws naming every variable that is missing, or a public key that is the write key. */
function pushTarget(env: NodeJS.ProcessEnv): PushTarget {
  const needed = [portalEnv.searchAppId, portalEnv.searchApiKey, portalEnv.searchIndexName, portalEnv.searchAdminKey];
  const missing = needed.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new Error(
      `search:push needs the hosted index the site searches and a key that may write it; missing: ${missing.join(', ')}.\n` +
        `Set ${needed.join(', ')} (see lib/search/README.md), or run it with --dry-run to see what would be sent.`,
    );
  }
  const {search} = loadPortalConfig(env);
  return {appId: search!.appId, indexName: search!.indexName, adminKey: env[portalEnv.searchAdminKey]!};
}

/** The build's records; throws when there is no build, or when a record lacks an objectID or shares one. */
export function readRecords(file = recordsPath): SearchRecord[] {
  if (!fs.existsSync(file)) throw new Error(`No ${path.relative(process.cwd(), file)}: run \`npm run build\` first.`);
  const records = JSON.parse(fs.readFileSync(file, 'utf8')) as SearchRecord[];
  const seen = new Set<string>();
  records.forEach((record, position) => {
    if (typeof record.objectID !== 'string' || record.objectID === '') throw new Error(`Record ${position} (${record.url}) has no objectID.`);
    if (seen.has(record.objectID)) throw new Error(`Record ${position} (${record.url}) repeats objectID ${record.objectID}.`);
    seen.add(record.objectID);
  });
  return records;
}

/** The records as they are sent: their text HTML-escaped. */
const recordsToSend = (records: SearchRecord[]): SearchRecord[] => records.map(withEscapedText);

/** What a push would send, for --dry-run. */
export function describePush(records: SearchRecord[], env: NodeJS.ProcessEnv): string {
  const sent = recordsToSend(records);
  const indexName = env[portalEnv.searchIndexName];
  const appId = env[portalEnv.searchAppId];
  const bytes = Buffer.byteLength(JSON.stringify(sent));
  return [
    'Dry run: nothing is sent.',
    `Index: ${indexName ? `${indexName}${appId ? ` (application ${appId})` : ''}` : `none configured (${portalEnv.searchIndexName})`}`,
    `Records: ${records.length} (${(bytes / 1024).toFixed(0)} KiB of JSON), replacing the index's content`,
    `Settings: ${JSON.stringify(indexSettings, null, 2)}`,
    `Sample record: ${JSON.stringify(sent.find((record) => record.type === 'content') ?? sent[0], null, 2)}`,
  ].join('\n');
}

/**
 * Sends the records to the hosted index `env` names, with their text escaped:
 * sets the index's settings, then replaces its records. Nothing is sent when
 * the configuration is incomplete or wrong. `options` reach the client (its
 * hosts, in tests).
 */
export async function pushRecords(records: SearchRecord[], env: NodeJS.ProcessEnv, options?: Parameters<typeof algoliasearch>[2]): Promise<PushTarget> {
  const target = pushTarget(env);
  const client = algoliasearch(target.appId, target.adminKey, options);
  // Settings first: replaceAllObjects copies the live index's settings to the index it fills, then moves that over.
  const {taskID} = await client.setSettings({indexName: target.indexName, indexSettings});
  await client.waitForTask({indexName: target.indexName, taskID});
  await client.replaceAllObjects({indexName: target.indexName, objects: recordsToSend(records) as unknown as Record<string, unknown>[]});
  return target;
}

/** `npm run search:push [-- --dry-run] [records.json]` with these arguments and environment; the records default to the build's. */
export async function searchPush(argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const file = argv.find((argument) => !argument.startsWith('--'));
  const records = readRecords(file && path.resolve(file));
  if (argv.includes('--dry-run')) {
    console.log(describePush(records, env));
    return;
  }
  const target = await pushRecords(records, env);
  console.log(`Sent ${records.length} records to ${target.indexName} (application ${target.appId}).`);
}
