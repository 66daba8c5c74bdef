/** A line kept as the server rendered it (ServerLinesContext) hydrates as it stands, without its tokens. */
import React, {type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock/Line';
import Line from '@theme-original/CodeBlock/Line';
import {isServerLine} from '@site/src/plugins/prism-bundle/highlight';

const KEEP_CHILDREN = {__html: ''};

export default function CodeBlockLine(props: Props): ReactNode {
  // Preact leaves an element's children alone when hydrating one with inner HTML, and on later renders while the HTML is unchanged.
  return isServerLine(props.line) ? <div dangerouslySetInnerHTML={KEEP_CHILDREN} /> : <Line {...props} />;
}
