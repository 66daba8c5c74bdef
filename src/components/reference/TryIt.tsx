import React, {lazy, Suspense, useState} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import styles from './styles.module.css';

// The theme's explorer and its code generators are large: they load only when a reader opens the panel.
const TryItPanel = lazy(() => import('./TryItPanel'));

export function TryIt({data}: {data: string}): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const dataUrl = useBaseUrl(data);
  return (
    <section className={styles.tryIt} aria-label="Try it">
      <button type="button" className="button button--primary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Close the try-it panel' : 'Try it'}
      </button>
      {open && (
        <Suspense fallback={<p role="status">Loading the try-it panel…</p>}>
          <TryItPanel dataUrl={dataUrl} />
        </Suspense>
      )}
    </section>
  );
}
