import React, {useEffect, useId, useState, type FormEvent, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {FEEDBACK_PATH, MAX_COMMENT_LENGTH, type FeedbackSubmission} from '@site/src/shared/feedback';
import styles from './styles.module.css';

type SendState = 'editing' | 'sending' | 'sent' | 'failed';

const MESSAGES: Record<SendState, string> = {
  editing: '',
  sending: 'Sending…',
  sent: 'Thank you: your feedback is sent.',
  failed: 'Could not send your feedback. Please try again later.',
};

async function sendFeedback(submission: FeedbackSubmission): Promise<void> {
  const response = await fetch(FEEDBACK_PATH, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(submission)});
  if (!response.ok) throw new Error(`${FEEDBACK_PATH} answered ${response.status}`);
}

/** Asked once per page load. A static host serves the build's placeholder (static/feedback) with 200, so the question never fails there and logs no error. */
let serviceAnswer: Promise<boolean> | undefined;
function feedbackAccepted(): Promise<boolean> {
  serviceAnswer ??= fetch(FEEDBACK_PATH, {method: 'GET'}).then(
    (response) => response.status === 204,
    () => false,
  );
  return serviceAnswer;
}

/**
 * "Was this page helpful?", shown only once the service says it takes feedback, so
 * a static host or a service that is down leaves the page untouched. No cookie, no
 * storage.
 */
export default function PageFeedback(): ReactNode {
  const {pathname} = useLocation();
  const [accepted, setAccepted] = useState<boolean | undefined>();
  useEffect(() => {
    let current = true;
    void feedbackAccepted().then((answer) => current && setAccepted(answer));
    return () => {
      current = false;
    };
  }, []);
  const [helpful, setHelpful] = useState<boolean | undefined>();
  const [comment, setComment] = useState('');
  const [state, setState] = useState<SendState>('editing');
  const commentId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setState('sending');
    const text = comment.trim();
    sendFeedback({page: pathname, helpful, ...(text ? {comment: text} : {})}).then(
      () => setState('sent'),
      () => setState('failed'),
    );
  };

  if (accepted === false) return null;
  return (
    // Hidden, not absent, while the service is asked: the pagination below keeps its place when the control appears.
    <form className={accepted ? styles.feedback : `${styles.feedback} ${styles.pending}`} aria-label="Page feedback" onSubmit={submit}>
      {state === 'sent' ? null : (
        <>
          <fieldset className={styles.question}>
            <legend>Was this page helpful?</legend>
            {[true, false].map((answer) => (
              <button
                key={String(answer)}
                type="button"
                className="button button--sm button--outline button--secondary"
                aria-pressed={helpful === answer}
                onClick={() => setHelpful(answer)}
              >
                {answer ? 'Yes' : 'No'}
              </button>
            ))}
          </fieldset>
          {helpful === undefined ? null : (
            <div className={styles.details}>
              <label htmlFor={commentId}>{helpful ? 'Anything to add? (optional)' : 'What was missing or wrong? (optional)'}</label>
              <textarea id={commentId} rows={3} maxLength={MAX_COMMENT_LENGTH} value={comment} onChange={(event) => setComment(event.target.value)} />
              <button type="submit" className="button button--sm button--primary" disabled={state === 'sending'}>
                Send feedback
              </button>
            </div>
          )}
        </>
      )}
      <p className={styles.message} role="status">
        {MESSAGES[state]}
      </p>
    </form>
  );
}
