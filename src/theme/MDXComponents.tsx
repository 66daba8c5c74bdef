/**
 * Tabs and TabItem available to every page without an import: the request
 * blocks of the guides (src/plugins/remark-api-requests) become tabs in .md
 * pages, which cannot import components.
 */
import MDXComponents from '@theme-original/MDXComponents';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';

export default {...MDXComponents, Tabs, TabItem};
