/**
 * The portal's service over a given state store, as the tests start it
 * (closing it closes the store), and what a store holds, read back.
 */
import {openFeedback} from '../lib/feedback/open';
import {feedbackEntryOf, type FeedbackBounds, type FeedbackEntry} from '../lib/feedback/store';
import {PortalDocs} from '../lib/mcp/docs';
import {startDocsService} from '../lib/mcp/service';
import {buildDir} from '../lib/paths';
import type {RunningServer} from '../lib/serve/running-server';
import {openStateStore, type StateStoreLocation} from '../lib/store/state-store';

export async function startFeedbackService(port: number, location: StateStoreLocation, bounds?: FeedbackBounds): Promise<RunningServer> {
  const feedback = await openFeedback({location, bounds});
  const running = await startDocsService({port, docs: new PortalDocs(buildDir), feedback});
  return {url: running.url, close: () => running.close().then(() => feedback.close())};
}

/** The feedback a store holds, oldest first, read as the report reads it. */
export async function readFeedback(location: StateStoreLocation): Promise<FeedbackEntry[]> {
  const state = await openStateStore(location);
  try {
    const rows = await state.db.selectFrom('feedback').selectAll().orderBy('id').execute();
    return rows.map((row) => feedbackEntryOf(row)!);
  } finally {
    await state.close();
  }
}
