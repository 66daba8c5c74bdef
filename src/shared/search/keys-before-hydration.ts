/**
 * Ctrl+K (Cmd+K), or "/" outside a text field, pressed while a page loads:
 * before the page's scripts run, nothing listens for them, and the reader's
 * key would be lost. A script in the page's head (written by
 * src/plugins/search-keys-before-hydration, allowed by the CSP by its hash)
 * notes such a key until the search bar takes it, once, and opens the search
 * as the key asked; from then on the search bar's own listener answers.
 */

/** Where the head's script leaves the function that stops it and tells whether a search key was pressed. */
const GLOBAL_NAME = '__portalSearchKeyPressed';

/** The head's script: the keys as DocSearch's own listener (useDocSearchKeyboardEvents) reads them, its default action (the browser's quick find for "/") prevented as DocSearch does. */
export const SEARCH_KEYS_SCRIPT = `(function(){var pressed=false;function onKey(event){var target=event.composedPath()[0]||{};var editing=target.isContentEditable||/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName);if((event.key||"").toLowerCase()==="k"&&(event.metaKey||event.ctrlKey)||!editing&&event.key==="/"){event.preventDefault();pressed=true}}addEventListener("keydown",onKey);window.${GLOBAL_NAME}=function(){removeEventListener("keydown",onKey);var was=pressed;pressed=false;return was}})()`;

/** Whether a search key was pressed before the search bar listened, true once; the head's script stops listening. */
export function takeSearchKeyPressedEarly(): boolean {
  const take = (window as unknown as Record<string, unknown>)[GLOBAL_NAME];
  return typeof take === 'function' && (take as () => boolean)();
}
