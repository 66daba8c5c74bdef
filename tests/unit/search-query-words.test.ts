/**
 * The words a reader types that the pages say otherwise: synonyms (src/shared/search/synonyms.ts), words split
 * or joined, identifiers by their parts, and a question worded unlike any page, through the engine the modal uses.
 */
import {describe, expect, it} from 'vitest';
import {buildSearchIndex} from '../../src/shared/search/build-index';
import type {IndexedRecord} from '../../src/shared/search/index-file';
import {loadSearchIndex} from '../../src/shared/search/load-index';
import {queryGroups} from '../../src/shared/search/query-groups';

const page = (url: string, title: string, content: string): IndexedRecord => ({
  type: 'content',
  hierarchy: {lvl0: 'Docs', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
  content,
  url,
  language: 'en',
  docusaurus_tag: 'docs',
});

const records = [
  page('/findings', 'Findings', 'A finding is a vulnerability the scanner found on a target.'),
  page('/statuses', 'Scan statuses', 'A scan moves through its statuses; each transition is caused by an action.'),
  page('/sequence', 'Configure a login sequence', 'Record the steps of a login.'),
  page('/webhooks', 'Webhooks', 'A webhook posts each event to your URL.'),
  page('/pagination', 'Pagination', 'Set the page size of a list.'),
  page('/cancel', 'Cancel a scan', 'Cancel a scan that is running.'),
  page('/permissions', 'Required permissions', 'Every operation requires one permission.'),
  page('/keys', 'API keys', 'Create an API key for each integration.'),
  page('/api-login', 'API login', 'A target logs in with its api-token.'),
];
const {file, shards} = buildSearchIndex(records, (kind, shard) => `${kind}-${shard}`);
const index = loadSearchIndex(file, async (shard) => JSON.parse(shards.get(shard)!));
const pages = async (query: string) => {
  await index.load(query);
  return index.search(query).map(({section}) => index.placeOf(section).url);
};

describe('search for words the pages say otherwise', () => {
  it('finds a synonym\'s pages: "vuln" the findings, "abort" the cancelling', async () => {
    expect((await pages('vuln'))[0]).toBe('/findings');
    expect((await pages('abort scan'))[0]).toBe('/cancel');
  });

  it('joins two words the index has as one, and what that word stands for: "web hook", "life cycle"', async () => {
    expect((await pages('web hook'))[0]).toBe('/webhooks');
    expect((await pages('life cycle'))[0]).toBe('/statuses');
  });

  it('finds the synonyms of two words it also joins: "api token" is "apitoken" and "api key"', async () => {
    expect((await pages('api token'))[0]).toBe('/keys');
    expect(await pages('api token')).toContain('/api-login');
  });

  it('splits a word the index does not have into two it has: "loginsequence"', async () => {
    expect((await pages('loginsequence'))[0]).toBe('/sequence');
  });

  it('finds an identifier the pages do not write by its parts: "page_size"', async () => {
    expect((await pages('page_size'))[0]).toBe('/pagination');
  });

  it('leaves out a part of one letter, such as a vendor prefix: "x-required-permission" is "required permission"', async () => {
    expect((await pages('x-required-permission'))[0]).toBe('/permissions');
  });

  it('answers a question worded unlike the pages with the pages that have most of its words', async () => {
    // No page has "cancel", "running" and "webhook" together; each word is on some page.
    expect((await pages('cancel the running webhook'))[0]).toBe('/cancel');
  });

  it('finds a four-letter word with two neighbouring letters swapped: "scna" is "scan"', async () => {
    expect((await pages('scna statuses'))[0]).toBe('/statuses');
  });

  it('answers nothing when a word is on no page, so the reader sees which words find something', async () => {
    expect(await pages('cancel scan qqzzxxyy')).toEqual([]);
    expect((await pages('cancel scan'))[0]).toBe('/cancel');
  });

  it('groups the words as the reader meant them, each with the forms a text may say it in', async () => {
    const has = (word: string) => ['lifecycle', 'login', 'sequence'].includes(word);
    expect(queryGroups('life cycle', has).map(({forms}) => forms)).toEqual([[['life', 'cycle'], ['lifecycle'], ['transition']]]);
    expect(queryGroups('loginsequence', has).map(({forms}) => forms)).toEqual([[['loginsequence'], ['login', 'sequence']]]);
    expect(queryGroups('api token', has).map(({forms}) => forms)).toEqual([[['api']], [['token'], ['key']]]);
    expect(queryGroups('api token', (word) => word === 'apitoken').map(({forms}) => forms)).toEqual([[['api', 'token'], ['api', 'key'], ['apitoken']]]);
    // A synonym written in the plural is read as the index keeps words: "devops" is "devop", "azure pipelines" "azure pipeline".
    expect(queryGroups('devops', has).map(({forms}) => forms)).toEqual([[['devop'], ['azure', 'pipeline']]]);
  });
});
