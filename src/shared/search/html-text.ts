/**
 * The DocSearch modal injects hit values as HTML and decodes only `&amp; &lt; &gt;
 * &quot; &#039;` in section titles, and the hosted service inserts highlight tags
 * without escaping; so hit text is escaped in those forms, by the local client and
 * in the pushed records, and a reader sees it as written.
 */
import type {IndexedRecord} from './index-file';
import {LEVELS} from './hierarchy';

const ENTITIES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;'};
const CHARACTERS: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'"};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]);

export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (reference, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return CHARACTERS[name.toLowerCase()] ?? reference;
  });
}

export function withEscapedText<T extends Pick<IndexedRecord, 'hierarchy' | 'content'>>(record: T): T {
  const hierarchy = Object.fromEntries(
    LEVELS.map((level) => [level, record.hierarchy[level] === null ? null : escapeHtml(record.hierarchy[level])]),
  ) as T['hierarchy'];
  return {...record, hierarchy, content: record.content === null ? null : escapeHtml(record.content)};
}
