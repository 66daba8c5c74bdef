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
