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

export function announcementResetScript(id: string): string {
  return `(function(){try{if(localStorage.getItem(${JSON.stringify(ID_KEY)})!==${JSON.stringify(id)}){localStorage.removeItem(${JSON.stringify(DISMISS_KEY)})}}catch(e){}})();`;
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
