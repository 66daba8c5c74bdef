/**
 * The theme's server selector, with the try-it panel's note under it: the
 * sandbox, or a warning naming the real API the requests now go to.
 */
import React from 'react';
import Server from '@theme-original/ApiExplorer/Server';
import {ServerNotice} from '@site/src/components/reference/TryItNotices';

export default function ServerWithNotice(props: {labelId?: string}): React.JSX.Element {
  return (
    <>
      <Server {...props} />
      <ServerNotice />
    </>
  );
}
