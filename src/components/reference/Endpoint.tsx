import React from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

interface Props {
  method: string;
  path: string;
  /** Base URL of the public API, shown before the path. */
  server: string;
}

/** The operation's method and path, as one line a reader can copy. */
export function Endpoint({method, path, server}: Props): React.JSX.Element {
  return (
    <p className={styles.endpoint}>
      <span className={clsx(styles.method, styles[`method-${method}`])}>{method.toUpperCase()}</span>
      <code className={styles.path}>
        <span className={styles.server}>{server}</span>
        {path}
      </code>
    </p>
  );
}
