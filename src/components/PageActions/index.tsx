import React, {useEffect, useState, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {twinPath} from '@site/src/shared/twin-paths';
import styles from './styles.module.css';

type CopyState = 'idle' | 'copied' | 'failed' | 'unavailable';

const MESSAGES: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied the page as Markdown',
  failed: 'Could not copy the page: open it with "View as Markdown".',
  unavailable: 'This browser does not let the page copy: open it with "View as Markdown".',
};

const CONFIRMATION_MS = 2000;

async function markdownOf(href: string): Promise<string> {
  const response = await fetch(href);
  if (!response.ok) throw new Error(`${href} answered ${response.status}`);
  return response.text();
}

/** ClipboardItem writes within the click itself, which Safari requires for clipboard writes; otherwise writeText. */
async function copyMarkdown(href: string): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
    const blob = markdownOf(href).then((text) => new Blob([text], {type: 'text/plain'}));
    await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
  } else {
    await navigator.clipboard.writeText(await markdownOf(href));
  }
}

/**
 * "Copy page" and "View as Markdown": the page's Markdown twin, for readers
 * working with a coding assistant. Without a clipboard the button says so instead
 * of failing.
 */
export default function PageActions(): ReactNode {
  const {metadata} = useDoc();
  const {siteConfig} = useDocusaurusContext();
  const href = twinPath(metadata.permalink, siteConfig.baseUrl);
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return undefined;
    const timer = window.setTimeout(() => setState('idle'), CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = () => {
    if (!window.isSecureContext || !navigator.clipboard) {
      setState('unavailable');
      return;
    }
    copyMarkdown(href).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };

  return (
    <div className={styles.actions}>
      <button type="button" className={`button button--sm button--outline button--secondary ${styles.action}`} onClick={copy}>
        {state === 'copied' ? 'Copied' : 'Copy page'}
      </button>
      <a className={`button button--sm button--outline button--secondary ${styles.action}`} href={href} type="text/markdown">
        View as Markdown
      </a>
      <span className={state === 'copied' ? styles.announcement : styles.message} role="status">
        {MESSAGES[state]}
      </span>
    </div>
  );
}
