/**
 * Hydrated after the shell and told "is browser" is false, so they are not mounted
 * again (which built and highlighted every sample twice); items see it as it is
 * (src/theme/TabItem), and the stored tab choice still applies in an effect.
 */
import React, {type ReactNode} from 'react';
import Tabs from '@theme-original/Tabs';
import type {Props} from '@theme/Tabs';
import {hydratedLater} from '@site/src/plugins/deferred-hydration/HydrateLater';
import {IsBrowserOverride} from '@site/src/plugins/deferred-hydration/useIsBrowser';

function TabsMountedOnce(props: Props): ReactNode {
  return (
    <IsBrowserOverride.Provider value={false}>
      <Tabs {...props} />
    </IsBrowserOverride.Provider>
  );
}

export default hydratedLater(TabsMountedOnce);
