/** The theme's content kept whole, with page actions and feedback around it, each hydrating after the shell. */
import React, {type ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import PageActions from '@site/src/components/PageActions';
import PageFeedback from '@site/src/components/PageFeedback';
import HydrateLater from '@site/src/plugins/deferred-hydration/HydrateLater';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <HydrateLater>
        <PageActions />
      </HydrateLater>
      <HydrateLater>
        <Content {...props} />
      </HydrateLater>
      <HydrateLater>
        <PageFeedback />
      </HydrateLater>
    </>
  );
}
