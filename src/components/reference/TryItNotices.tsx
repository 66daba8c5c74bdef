/** Each notice sits in a polite live region, so a change is announced. */
import React from 'react';
import {useSelector} from 'react-redux';
import {useTryIt} from './try-it-context';
import styles from './styles.module.css';

interface PanelState {
  server: {value?: {url: string}};
  auth: {data: Record<string, {apiKey?: string} | undefined>};
}

export function ServerNotice(): React.JSX.Element | null {
  const tryIt = useTryIt();
  const url = useSelector((state: PanelState) => state.server.value?.url);
  if (!tryIt) return null;
  const sandbox = url !== undefined && url === tryIt.sandboxUrl;
  return (
    <div aria-live="polite" className={styles.notice}>
      {url === undefined ? null : sandbox ? (
        <p className="alert alert--info">
          Requests go to the <strong>sandbox</strong>, {url}: a mock that answers with the documented examples and changes nothing.
        </p>
      ) : (
        <p className="alert alert--warning">
          <strong>Requests go to the real API</strong>, {url}, with your key: they read and change your account&apos;s data. A request other than GET asks
          before it is sent.
        </p>
      )}
    </div>
  );
}

export function CredentialNotice(): React.JSX.Element | null {
  const tryIt = useTryIt();
  // Read again whenever the key changes, typed or replaced from the cookie.
  useSelector((state: PanelState) => JSON.stringify(state.auth.data));
  const url = useSelector((state: PanelState) => state.server.value?.url);
  if (!tryIt) return null;
  const source = tryIt.credentialSource();
  let text: string | undefined;
  if (source === 'cookie' && url === tryIt.sandboxUrl)
    text = 'Signed in: your reader token from the product goes to the real API only, never to the sandbox, which needs no real key. Type a key to send one.';
  else if (source === 'cookie') text = 'Signed in: the key is your reader token from signing in to the product. Type another key to use that instead.';
  else if (source === 'forgotten') text = 'The reader token from your sign-in is not used in this tab, as you asked. Type a key to send one.';
  else if (source === 'none' && tryIt.cookieState === 'malformed')
    text = 'Your sign-in left a token that is not a well-formed API key, so it is not used. Type a key instead.';
  return (
    <div aria-live="polite" className={styles.notice}>
      {text && <p className={styles.credentialNote}>{text}</p>}
    </div>
  );
}
