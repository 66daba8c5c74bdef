/**
 * Ctrl+K, Cmd+K or "/" pressed before the page's scripts run would be lost; a head
 * script (src/plugins/search-keys-before-hydration, allowed by CSP hash) notes it
 * until the search bar takes it once.
 */

const GLOBAL_NAME = '__portalSearchKeyPressed';

/** Reads keys as DocSearch's useDocSearchKeyboardEvents does, preventing the browser's quick find for "/" as it does. */
export const SEARCH_KEYS_SCRIPT = `(function(){var pressed=false;function onKey(event){var target=event.composedPath()[0]||{};var editing=target.isContentEditable||/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName);if((event.key||"").toLowerCase()==="k"&&(event.metaKey||event.ctrlKey)||!editing&&event.key==="/"){event.preventDefault();pressed=true}}addEventListener("keydown",onKey);window.${GLOBAL_NAME}=function(){removeEventListener("keydown",onKey);var was=pressed;pressed=false;return was}})()`;

/** True once; the head's script then stops listening. */
export function takeSearchKeyPressedEarly(): boolean {
  const take = (window as unknown as Record<string, unknown>)[GLOBAL_NAME];
  return typeof take === 'function' && (take as () => boolean)();
}
