/** Sees whether the page is in a browser as it is, though its tabs do not (src/theme/Tabs). */
import React, {type ReactNode} from 'react';
import TabItem from '@theme-original/TabItem';
import type {Props} from '@theme/TabItem';
import {IsBrowserOverride} from '@site/src/plugins/deferred-hydration/useIsBrowser';

export default function TabItemSeeingBrowser(props: Props): ReactNode {
  return (
    <IsBrowserOverride.Provider value={undefined}>
      <TabItem {...props} />
    </IsBrowserOverride.Provider>
  );
}
