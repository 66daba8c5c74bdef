import React from 'react';
import Authorization from '@theme-original/ApiExplorer/Authorization';
import {CredentialNotice} from '@site/src/components/reference/TryItNotices';

export default function AuthorizationWithNotice(): React.JSX.Element {
  return (
    <>
      <Authorization />
      <CredentialNotice />
    </>
  );
}
