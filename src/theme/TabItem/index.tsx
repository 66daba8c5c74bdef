/** Sees whether the page is in a browser as it is, though its tabs do not (src/theme/Tabs). */
import React, {useContext, type ReactNode} from 'react';
// Docusaurus exports no provider of this context.
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';
import TabItem from '@theme-original/TabItem';
import type {Props} from '@theme/TabItem';
import {ItemsBrowserContext} from '@site/src/theme/Tabs/items-browser';

export default function TabItemSeeingBrowser(props: Props): ReactNode {
  const isBrowser = useContext(ItemsBrowserContext);
  if (isBrowser === undefined) return <TabItem {...props} />;
  return (
    <BrowserContext.Provider value={isBrowser}>
      <TabItem {...props} />
    </BrowserContext.Provider>
  );
}
