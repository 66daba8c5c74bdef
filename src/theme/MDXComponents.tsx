/**
 * Tabs and TabItem available to every page without an import: the request
 * blocks of the guides (lib/remark/api-requests.ts) become tabs in .md
 * pages, which cannot import components.
 *
 * Tables scroll sideways on narrow screens, so they take keyboard focus: a
 * keyboard reader can then scroll them with the arrow keys.
 */
import type {ComponentProps} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';

const ScrollableTable = (props: ComponentProps<'table'>) => <table tabIndex={0} {...props} />;

export default {...MDXComponents, Tabs, TabItem, table: ScrollableTable};
