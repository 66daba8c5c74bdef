import React, {lazy, Suspense, useState} from 'react';
import type {OperationLoader} from './TryItPanel';
import styles from './styles.module.css';

// The theme's explorer and its code generators are large: they load only when a reader opens the panel.
const TryItPanel = lazy(() => import('./TryItPanel'));

/** "Try it": opens the interactive request panel for this operation. */
export function TryIt({operation}: {operation: OperationLoader}): React.JSX.Element {
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.tryIt} aria-label="Try it">
      <button type="button" className="button button--primary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Close the try-it panel' : 'Try it'}
      </button>
      {open && (
        <Suspense fallback={<p role="status">Loading the try-it panel…</p>}>
          <TryItPanel operation={operation} />
        </Suspense>
      )}
    </section>
  );
}
