/** What the try-it panel tells the theme components it wraps (src/theme/ApiExplorer/Server, Authorization). */
import {createContext, useContext} from 'react';
import type {CookieState, CredentialSource} from '../../shared/reader-token';

/** The deployer's settings the panel needs (customFields.tryIt in docusaurus.config.ts). */
export interface TryItSettings {
  /** Null when the deployment has none. */
  sandboxUrl: string | null;
  tokenCookie: string;
}

export interface TryItState {
  sandboxUrl: string | null;
  cookieState: CookieState;
  /** Where the stored key comes from; it changes as the reader types. */
  credentialSource: () => CredentialSource;
}

export const TryItContext = createContext<TryItState | undefined>(undefined);

export function useTryIt(): TryItState | undefined {
  return useContext(TryItContext);
}

const READ_METHODS = new Set(['get', 'head']);

export function needsConfirmation(method: string, serverUrl: string | undefined, sandboxUrl: string | null): boolean {
  return !READ_METHODS.has(method.toLowerCase()) && (serverUrl === undefined || serverUrl !== sandboxUrl);
}
