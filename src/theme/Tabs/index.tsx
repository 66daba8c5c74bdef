/**
 * Hydrated after the shell and told "is browser" is false, so they are not mounted
 * again (which built and highlighted every sample twice); items see it as it is
 * (src/theme/TabItem), and the stored tab choice still applies in an effect.
 */
import React, {type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
// Docusaurus exports no provider of this context.
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
