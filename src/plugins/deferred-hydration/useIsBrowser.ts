/**
 * `@docusaurus/useIsBrowser` in the browser's bundle: false while the calling
 * component hydrates, with the shell or in its part (./HydrateLater.tsx), true
 * from then on. Docusaurus's own reads one context for the whole app, set true
 * once the shell has hydrated, and exports no provider of it.
 */
import {createContext, useContext} from 'react';
import {useHydrated} from './hydration';

/** What a subtree is told instead, whatever its hydration; undefined tells it as it is. */
export const IsBrowserOverride = createContext<boolean | undefined>(undefined);

export default function useIsBrowser(): boolean {
  const hydrated = useHydrated();
  return useContext(IsBrowserOverride) ?? hydrated;
}
