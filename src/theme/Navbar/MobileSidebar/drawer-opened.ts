/**
 * Whether the reader has opened the navbar drawer yet. The theme keeps the drawer's
 * own open state in theme-common's non-public API, so a click on the navbar's
 * toggle, seen by the document before the toggle's handler runs, marks it.
 */
import {useSyncExternalStore} from 'react';

let opened = false;
const listeners = new Set<() => void>();

function markOpenedOnToggleClick(event: MouseEvent): void {
  if (opened || !(event.target instanceof Element) || !event.target.closest('.navbar__toggle')) return;
  opened = true;
  document.removeEventListener('click', markOpenedOnToggleClick, true);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0 && !opened) document.addEventListener('click', markOpenedOnToggleClick, true);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) document.removeEventListener('click', markOpenedOnToggleClick, true);
  };
}

export const useDrawerOpened = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => opened,
    () => false,
  );
