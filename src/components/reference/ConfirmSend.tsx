/**
 * Asked before a request that may change data goes to a server other than the
 * sandbox. A modal alert <dialog>: the page is inert, focus starts on "Cancel"
 * (the choice that changes nothing) and returns where it was on close.
 */
import React, {useEffect, useId, useRef} from 'react';
import styles from './styles.module.css';

export interface PendingRequest {
  method: string;
  path: string;
  serverUrl: string;
}

export function ConfirmSend({request, onAnswer}: {request: PendingRequest | undefined; onAnswer: (send: boolean) => void}): React.JSX.Element {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (request && !element.open) {
      const returnFocus = document.activeElement as HTMLElement | null;
      element.showModal();
      cancel.current?.focus();
      return () => {
        if (element.open) element.close();
        returnFocus?.focus();
      };
    }
    return undefined;
  }, [request]);
  const method = request?.method.toUpperCase();
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className={styles.confirm}
      onCancel={(event) => {
        // Answered here, so the dialog closes through the same path as "Cancel".
        event.preventDefault();
        onAnswer(false);
      }}
    >
      {request && (
        <>
          <h2 id={titleId} className={styles.confirmTitle}>
            Send this request to the real API?
          </h2>
          <div id={textId}>
            <p>
              <code>
                {method} {request.path}
              </code>{' '}
              goes to <strong>{request.serverUrl}</strong>: it acts on your account&apos;s real data, with your key, and may change or delete it.
            </p>
          </div>
          <div className={styles.confirmButtons}>
            <button ref={cancel} type="button" className="button button--secondary" onClick={() => onAnswer(false)}>
              Cancel
            </button>
            <button type="button" className={`button ${styles.confirmSend}`} onClick={() => onAnswer(true)}>
              Send {method} to the real API
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
