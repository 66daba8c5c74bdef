/**
 * The theme's code block without its remount after hydration, which exists for
 * dark-mode colours the server cannot know; the portal is light only
 * (docusaurus.config.ts), so the remount only tokenized every block twice. See
 * PATCHES.md.
 */
import React, {isValidElement, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import {ServerLinesContext} from '@site/src/plugins/prism-bundle/highlight';
import HydrateLater from '@site/src/plugins/deferred-hydration/HydrateLater';

/** Only plain string children (Markdown code blocks) can be highlighted and copied. */
function codeString(children: ReactNode): string | undefined {
  const parts = React.Children.toArray(children);
  return parts.some((part) => isValidElement(part)) ? undefined : parts.join('');
}

export default function CodeBlock({children, ...props}: Props): ReactNode {
  const code = codeString(children);
  if (code === undefined) return <ElementContent {...props}>{children}</ElementContent>;
  return (
    <HydrateLater>
      <ServerLinesContext.Provider value>
        <StringContent {...props}>{code}</StringContent>
      </ServerLinesContext.Provider>
    </HydrateLater>
  );
}
