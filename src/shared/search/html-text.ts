/**
 * Search text as HTML. The DocSearch modal injects a hit's highlighted and
 * snippeted values (or, for recent searches, its plain attributes) as HTML,
 * and decodes `&amp; &lt; &gt; &quot; &#039;` (those forms only) in the section
 * titles it shows as text. So the text of a hit is HTML-escaped in those
 * forms: by the local client as it answers, and in the records sent to the
 * hosted index, whose service inserts its highlight tags without escaping.
 * Either way a reader sees the text as written, never markup.
 */
import type {IndexedRecord} from './index-file';
import {LEVELS} from './hierarchy';

const ENTITIES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;'};
const CHARACTERS: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'"};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]);

/** Text of an HTML-escaped value (named and numeric references). */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (reference, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return CHARACTERS[name.toLowerCase()] ?? reference;
  });
}

/** A record with the text a reader sees, its hierarchy levels and content, HTML-escaped. */
export function withEscapedText<T extends Pick<IndexedRecord, 'hierarchy' | 'content'>>(record: T): T {
  const hierarchy = Object.fromEntries(
    LEVELS.map((level) => [level, record.hierarchy[level] === null ? null : escapeHtml(record.hierarchy[level])]),
  ) as T['hierarchy'];
  return {...record, hierarchy, content: record.content === null ? null : escapeHtml(record.content)};
}
