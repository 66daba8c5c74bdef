// The package ships no types TypeScript can resolve.
declare module '@theme/ApiExplorer' {
  import type {JSX} from 'react';

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the theme's own item type is not exported
  export default function ApiExplorer(props: {item: Record<string, any>; infoPath?: string}): JSX.Element;
}

declare module '@theme/ApiExplorer/Authorization/slice' {
  export function createAuth(input: {security?: unknown; securitySchemes?: unknown; options?: unknown}): unknown;
  export function setAuthData(payload: {scheme: string; key: string; value: string | undefined}): {type: string; payload: unknown};
}

declare module '@theme/ApiExplorer/persistenceMiddleware' {
  export function createPersistenceMiddleware(options: unknown): unknown;
}

declare module '@theme/ApiExplorer/storage-utils' {
  export function createStorage(persistance: string): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

declare module '@theme/ApiItem/store' {
  import type {Store} from 'redux';

  export function createStoreWithState(state: Record<string, unknown>, middlewares: unknown[]): Store;
}

declare module '@theme-original/ApiExplorer/storage-utils' {
  export function hashArray(values: string[]): string;
}
