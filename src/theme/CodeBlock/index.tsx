/**
 * The theme's code block without its remount after hydration. The theme keys
 * its content on "is browser" so that a reader in dark mode gets the dark
 * Prism colours the server could not know; the portal is light only (no
 * switch, see docusaurus.config.ts), so the server's colours are the
 * reader's, and the remount only tokenized and rebuilt every code block a
 * second time while the page became interactive. Its lines are drawn by
 * src/theme/CodeBlock/Line, which keeps the server's while the page
 * hydrates (ServerLinesContext). Each block hydrates after the page's shell,
 * as a part of its own.
 */
import React, {isValidElement, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import {ServerLinesContext} from '@site/src/plugins/prism-bundle/highlight';
import HydrateLater from '@site/src/plugins/deferred-hydration/HydrateLater';

/** Plain string children (what Markdown code blocks give) can be highlighted and copied; elements are shown as they are. */
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
