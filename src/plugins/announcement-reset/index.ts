/**
 * Shows a new announcement on the first load after its id changes. The
 * theme's inline script hides the bar (before React runs) whenever the old
 * one was dismissed, without looking at the id; this script runs before it
 * and clears a dismissal that belongs to another id.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {ThemeConfig} from '@docusaurus/preset-classic';

// Keys of the classic theme's announcement bar (no site storage namespace).
const DISMISS_KEY = 'docusaurus.announcement.dismiss';
const ID_KEY = 'docusaurus.announcement.id';

/**
 * A value as a JavaScript literal inside a <script> element: JSON with every
 * "<" escaped, so no value can write "</script>" (or "<!--") and end the
 * element early.
 */
export function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function announcementResetScript(id: string): string {
  return `(function(){try{if(localStorage.getItem(${scriptLiteral(ID_KEY)})!==${scriptLiteral(id)}){localStorage.removeItem(${scriptLiteral(DISMISS_KEY)})}}catch(e){}})();`;
}

export default function announcementReset(context: LoadContext): Plugin {
  const bar = (context.siteConfig.themeConfig as ThemeConfig).announcementBar as {id: string} | undefined;
  return {
    name: 'announcement-reset',
    injectHtmlTags() {
      if (!bar) return {};
      return {headTags: [{tagName: 'script', innerHTML: announcementResetScript(bar.id)}]};
    },
  };
}
