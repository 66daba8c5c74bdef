/**
 * Whether the reader has opened the navbar drawer yet, set by the toggle's click:
 * the theme keeps the drawer's own open state in theme-common's non-public API.
 */
import {useSyncExternalStore} from 'react';

let opened = false;
const listeners = new Set<() => void>();

export function markDrawerOpened(): void {
  if (opened) return;
  opened = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useDrawerOpened = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => opened,
    () => false,
  );
