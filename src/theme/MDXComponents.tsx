/**
 * Tabs and TabItem without an import, since .md pages cannot import the request
 * blocks' tabs (lib/remark/api-requests.ts). Tables scroll sideways, so they take
 * keyboard focus. Diagrams render as they near the viewport.
 */
import type {ComponentProps} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import DiagramNearViewport from '@site/src/components/DiagramNearViewport';

const ScrollableTable = (props: ComponentProps<'table'>) => <table tabIndex={0} {...props} />;

export default {...MDXComponents, Tabs, TabItem, table: ScrollableTable, mermaid: DiagramNearViewport};
