// Types of the OpenAPI theme modules we use: its package ships none that TypeScript can resolve.
declare module '@theme/ApiItem' {
  import type {ComponentProps, JSX} from 'react';
  import type DocItem from '@theme/DocItem';

  export default function ApiItem(props: ComponentProps<typeof DocItem>): JSX.Element;
}

declare module '@theme-original/ApiExplorer/storage-utils' {
  export function hashArray(values: string[]): string;
}
