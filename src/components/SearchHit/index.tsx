/**
 * A hit arrives HTML-escaped with <mark> highlight tags
 * (src/shared/search/html-text.ts); it is split on the tags and shown as text,
 * never parsed as markup.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {LEVELS} from '../../shared/search/hierarchy';
import {unescapeHtml} from '../../shared/search/html-text';
import type {SearchHit as Hit} from '../../shared/search/local-client';
import styles from './styles.module.css';

export const HIGHLIGHT_PRE = '<mark>';
export const HIGHLIGHT_POST = '</mark>';

export function Highlighted({value}: {value: string}): ReactNode {
  return value.split(HIGHLIGHT_PRE).map((part, index) => {
    const [marked, rest] = index === 0 ? [undefined, part] : part.split(HIGHLIGHT_POST);
    return (
      <React.Fragment key={index}>
        {marked !== undefined && <mark>{unescapeHtml(marked)}</mark>}
        {rest && unescapeHtml(rest)}
      </React.Fragment>
    );
  });
}

export default function SearchHit({hit}: {hit: Hit}): ReactNode {
  const levels = LEVELS.filter((level) => hit.hierarchy[level]);
  // For a block of text, the heading it sits under.
  const titleLevel = hit.type === 'content' ? levels[levels.length - 1] : hit.type;
  const trail = levels.slice(0, levels.indexOf(titleLevel));
  const title = hit._highlightResult.hierarchy[titleLevel]?.value ?? hit.hierarchy[titleLevel] ?? '';
  const snippet = hit.type === 'content' ? hit._snippetResult.content?.value : undefined;
  return (
    <article className={styles.hit}>
      {trail.length > 0 && <p className={styles.trail}>{trail.map((level) => unescapeHtml(hit.hierarchy[level]!)).join(' › ')}</p>}
      <h2 className={styles.title}>
        <Link to={hit.url}>
          <Highlighted value={title} />
        </Link>
      </h2>
      {snippet && (
        <p className={styles.snippet}>
          <Highlighted value={snippet} />
        </p>
      )}
    </article>
  );
}
