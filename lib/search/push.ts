/**
 * `npm run search:push [-- --dry-run] [records.json]`: replaces the hosted index's
 * records in one move, so readers never search a half-filled index.
 * PORTAL_SEARCH_ADMIN_KEY is used only here, so it never reaches the site, and it
 * is refused as the public key. Text is sent HTML-escaped
 * (src/shared/search/html-text.ts).
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

/** DocSearch's crawler settings for Docusaurus sites; "_" kept inside words so field names such as include_subdomains are found whole. */
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

/** Throws naming every missing variable, or a public key that is the write key. */
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

/** Throws when there is no build, or a record lacks an objectID or shares one. */
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

const recordsToSend = (records: SearchRecord[]): SearchRecord[] => records.map(withEscapedText);

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

/** Nothing is sent when the configuration is incomplete or wrong. `options` reach the client (its hosts, in tests). */
export async function pushRecords(records: SearchRecord[], env: NodeJS.ProcessEnv, options?: Parameters<typeof algoliasearch>[2]): Promise<PushTarget> {
  const target = pushTarget(env);
  const client = algoliasearch(target.appId, target.adminKey, options);
  // Settings first: replaceAllObjects copies the live index's settings to the index it fills.
  const {taskID} = await client.setSettings({indexName: target.indexName, indexSettings});
  await client.waitForTask({indexName: target.indexName, taskID});
  await client.replaceAllObjects({indexName: target.indexName, objects: recordsToSend(records) as unknown as Record<string, unknown>[]});
  return target;
}

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
