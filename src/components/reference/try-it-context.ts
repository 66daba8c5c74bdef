/**
 * What the try-it panel (TryItPanel) tells the theme components it wraps
 * (src/theme/ApiExplorer/Server, Authorization): which server is the
 * sandbox, and where the key comes from.
 */
import {createContext, useContext} from 'react';
import type {CookieState, CredentialSource} from '../../shared/reader-token';

/** The deployer's settings the panel needs (customFields.tryIt in docusaurus.config.ts). */
export interface TryItSettings {
  /** The sandbox's URL, as the contract's servers list it; null when the deployment has none. */
  sandboxUrl: string | null;
  /** The cookie through which the product hands over a signed-in reader's token. */
  tokenCookie: string;
}

export interface TryItState {
  sandboxUrl: string | null;
  /** What the product's cookie held at the last check. */
  cookieState: CookieState;
  /** Where the stored key comes from now (it changes as the reader types). */
  credentialSource: () => CredentialSource;
}

export const TryItContext = createContext<TryItState | undefined>(undefined);

/** The panel's state, or nothing outside the panel. */
export function useTryIt(): TryItState | undefined {
  return useContext(TryItContext);
}

/** GET and HEAD read; every other method may change data. */
const READ_METHODS = new Set(['get', 'head']);

/** Whether sending asks first: a method that may change data, to a server that is not the sandbox. */
export function needsConfirmation(method: string, serverUrl: string | undefined, sandboxUrl: string | null): boolean {
  return !READ_METHODS.has(method.toLowerCase()) && (serverUrl === undefined || serverUrl !== sandboxUrl);
}
