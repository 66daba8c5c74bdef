import MiniSearch from 'minisearch';
import {LEVELS} from './hierarchy';
import {TYPES, type IndexedRecord, type PageOperation, type SearchIndexFile, type SectionRecords, type ShardKind} from './index-file';
import {indexOptions, type SectionDocument} from './minisearch-options';
import {encodePostings, type SerializedPostings} from './postings';
import {sectionBoost, templateSections, type SectionHeading} from './section-weights';
import {shardsOf} from './shards';
import {isIdentifier, queryTokenize} from './words';

/** Shard sizes are weighed against request counts by `npm run bench:search`. */
const SHARD_BYTES = 8_000;

const TERM_SHARD_BYTES = 16_000;

/** An identifier on more than this share of pages (the response headers every operation page lists) is a template's. */
const TEMPLATE_DEFINITION_SHARE = 0.5;

/**
 * The method and path segments after the API's base path, placeholders left out.
 */
function operationNames(pageOperations: Map<string, PageOperation>): Map<string, string> {
  const operations = [...pageOperations].map(([page, {method, path}]) => ({page, method, segments: path.split('/').filter(Boolean)}));
  // Short of the whole of any path.
  const shortest = operations.length === 0 ? 0 : Math.min(...operations.map(({segments}) => segments.length - 1));
  let base = 0;
  while (base < shortest && operations.every(({segments}) => segments[base] === operations[0].segments[base])) base += 1;
  return new Map(
    operations.map(({page, method, segments}) => [page, [method, ...segments.slice(base).filter((segment) => !segment.startsWith('{'))].join(' ')]),
  );
}

function ownHeadingOf(hierarchy: IndexedRecord['hierarchy']): string | null {
  const depth = Math.max(...LEVELS.map((level, position) => (hierarchy[level] !== null ? position : 0)));
  return depth > 1 ? hierarchy[LEVELS[depth]] : null;
}

function definedIdentifier(content: string | null): string | undefined {
  const first = content === null ? undefined : queryTokenize(content)[0];
  return first !== undefined && isIdentifier(first) ? first : undefined;
}

/** Records of one URL share their section's hierarchy, so it is stored once per section. `termShardBytes` lets tests cut a small index in many shards. */
export function buildSearchIndex(
  records: (IndexedRecord & {weight?: {pageRank: number}})[],
  shardFile: (kind: ShardKind, shard: number, content: string) => string,
  {termShardBytes = TERM_SHARD_BYTES, operations: pageOperations = new Map()}: {termShardBytes?: number; operations?: Map<string, PageOperation>} = {},
): {file: SearchIndexFile; shards: Map<string, string>} {
  const strings: string[] = [];
  const positions = new Map<string, number>();
  const at = (value: string | null) => {
    if (value === null) return -1;
    let position = positions.get(value);
    if (position === undefined) {
      position = strings.push(value) - 1;
      positions.set(value, position);
    }
    return position;
  };
  const sections: number[][] = [];
  const sectionRecords: SectionRecords[] = [];
  const documents: SectionDocument[] = [];
  const headings: SectionHeading[] = [];
  const ranks: {depth: number; pageRank: number}[] = [];
  const pageOfRecord = (record: IndexedRecord) => record.url.split('#')[0];
  // Those most pages define are the template's.
  const pagesDefining = new Map<string, Set<string>>();
  for (const record of records) {
    const defined = definedIdentifier(record.content);
    if (defined !== undefined) pagesDefining.set(defined, (pagesDefining.get(defined) ?? new Set()).add(pageOfRecord(record)));
  }
  const pageCount = new Set(records.map(pageOfRecord)).size;
  const isTemplateDefinition = (identifier: string) => pagesDefining.get(identifier)!.size > pageCount * TEMPLATE_DEFINITION_SHARE;
  let current: string | undefined;
  for (const record of records) {
    // A heading without an id, such as a card's title, starts a section too.
    const key = `${record.url}\n${LEVELS.map((level) => record.hierarchy[level]).join('\n')}`;
    if (key !== current) {
      current = key;
      sections.push([at(record.url), at(record.language), at(record.docusaurus_tag), ...LEVELS.map((level) => at(record.hierarchy[level]))]);
      sectionRecords.push([]);
      const depth = Math.max(...LEVELS.map((level, position) => (record.hierarchy[level] !== null ? position : 0)));
      documents.push({
        id: documents.length,
        site: depth > 1 ? '' : (record.hierarchy.lvl0 ?? ''),
        title: record.hierarchy.lvl1 ?? '',
        heading: depth > 1 ? record.hierarchy[LEVELS[depth]]! : '',
        content: '',
        defines: '',
      });
      headings.push({page: pageOfRecord(record), heading: ownHeadingOf(record.hierarchy)});
      ranks.push({depth, pageRank: record.weight?.pageRank ?? 0});
    }
    sectionRecords[sectionRecords.length - 1].push([TYPES.indexOf(record.type), record.content]);
    if (record.content) {
      const document = documents[documents.length - 1];
      document.content += ` ${record.content}`;
      const defined = definedIdentifier(record.content);
      if (defined !== undefined && !isTemplateDefinition(defined)) document.defines += ` ${defined}`;
    }
  }
  const template = templateSections(headings);
  const boosts = ranks.map(({depth, pageRank}, section) => sectionBoost(depth, pageRank, template[section]));
  const namesOfOperation = operationNames(pageOperations);
  const operations = sections.map(([url]) => {
    const names = namesOfOperation.get(strings[url].split('#')[0]);
    return names === undefined ? -1 : at(names);
  });
  const index = new MiniSearch(indexOptions);
  index.addAll(documents);
  // Document ids are the section numbers, so MiniSearch's map of them is the identity and is rebuilt on load.
  const {documentIds: _identity, index: postings, ...statistics} = index.toJSON();
  const shards = new Map<string, string>();
  // A record shard closes at a page boundary, so a page's sections share one.
  const pageOf = (section: number) => strings[sections[section][0]].split('#')[0];
  const recordShards = shardsOf(
    sectionRecords,
    SHARD_BYTES,
    (section) => pageOf(section) !== pageOf(section - 1),
    (shard, content) => shardFile('records', shard, content),
    shards,
  );
  const termShards = shardsOf(
    postings.map(([, fields]) => encodePostings(fields as SerializedPostings)),
    termShardBytes,
    () => true,
    (shard, content) => shardFile('terms', shard, content),
    shards,
  );
  return {file: {strings, sections, boosts, operations, shards: recordShards, terms: postings.map(([term]) => term), termShards, index: statistics}, shards};
}
