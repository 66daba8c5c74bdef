/**
 * The theme's tabs, hydrated after the page's shell as a part of their own
 * (src/plugins/deferred-hydration), and not mounted again once hydrated. The
 * theme's tabs mount again when "is browser" turns true, which built and
 * highlighted every sample in them a second time: they now see it false, and
 * their items (src/theme/TabItem) see it as it is. The reader's stored choice
 * of tab still shows: the theme applies it in an effect as the tabs mount.
 */
import React, {type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
// The context behind useIsBrowser, which Docusaurus exports no provider of.
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';
import Tabs from '@theme-original/Tabs';
import type {Props} from '@theme/Tabs';
import {hydratedLater} from '@site/src/plugins/deferred-hydration/HydrateLater';
import {ItemsBrowserContext} from './items-browser';

function TabsMountedOnce(props: Props): ReactNode {
  return (
    <ItemsBrowserContext.Provider value={useIsBrowser()}>
      <BrowserContext.Provider value={false}>
        <Tabs {...props} />
      </BrowserContext.Provider>
    </ItemsBrowserContext.Provider>
  );
}

export default hydratedLater(TabsMountedOnce);
