import React, {type CSSProperties} from 'react';
import styles from './styles.module.css';

interface Props {
  method: string;
  path: string;
  server: string;
}

/** Method and path as one line a reader can copy. */
export function Endpoint({method, path, server}: Props): React.JSX.Element {
  return (
    <p className={styles.endpoint}>
      <span className={styles.method} style={{'--method-colour': `var(--portal-method-${method})`} as CSSProperties}>
        {method.toUpperCase()}
      </span>
      <code className={styles.path}>
        <span className={styles.server}>{server}</span>
        {path}
      </code>
    </p>
  );
}
