/**
 * The theme's inline script hides the announcement bar whenever an earlier one was
 * dismissed, ignoring the id; this script runs first and clears a dismissal of
 * another id.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {ThemeConfig} from '@docusaurus/preset-classic';

const DISMISS_KEY = 'docusaurus.announcement.dismiss';
const ID_KEY = 'docusaurus.announcement.id';

/** Every "<" escaped, so no value can write "</script>" or "<!--" and end the element early. */
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
