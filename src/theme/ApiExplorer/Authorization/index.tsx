/**
 * The theme's key field, with the try-it panel's note under it: whether the
 * key is the reader token from the product's sign-in.
 */
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
