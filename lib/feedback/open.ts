/**
 * The feedback intake as the service opens it: the state store, the bounds,
 * the expired rows deleted, and an earlier JSON-lines store imported if one
 * is left. From the deployment's settings (portal.config.ts) by default.
 */
import path from 'node:path';
import {portalConfig} from '../../portal.config';
import {repoRoot} from '../paths';
import {openStateStore, type StateStore, type StateStoreLocation} from '../store/state-store';
import {FeedbackIntake} from './intake';
import {importFeedbackLines} from './legacy-import';
import {type FeedbackBounds, FeedbackStore} from './store';

/** The JSON-lines file of earlier versions: FEEDBACK_FILE, or feedback/feedback.jsonl in the repository. */
export const legacyFeedbackFile = (): string => path.resolve(process.env.FEEDBACK_FILE ?? path.join(repoRoot, 'feedback/feedback.jsonl'));

/** The configured store: PostgreSQL at PORTAL_DATABASE_URL, else SQLite in PORTAL_DATABASE_FILE (relative to the repository). */
export function configuredStoreLocation(): StateStoreLocation {
  const {databaseUrl, databaseFile} = portalConfig.stateStore;
  return {databaseUrl, file: path.resolve(repoRoot, databaseFile)};
}

export const openConfiguredStateStore = (): Promise<StateStore> => openStateStore(configuredStoreLocation());

export interface FeedbackOptions {
  location?: StateStoreLocation;
  bounds?: FeedbackBounds;
  /** An earlier JSON-lines store to import, if it exists. */
  legacyFile?: string;
}

export async function openFeedback({
  location = configuredStoreLocation(),
  bounds = portalConfig.feedbackBounds,
  legacyFile = legacyFeedbackFile(),
}: FeedbackOptions = {}): Promise<FeedbackIntake> {
  const store = new FeedbackStore(await openStateStore(location), bounds);
  await store.deleteExpired();
  const imported = await importFeedbackLines(store, legacyFile);
  // On stderr: over stdio (npm run mcp), stdout carries the protocol only.
  if (imported?.already) console.warn(`${legacyFile} was imported into ${store.state.description} before; the file is now ${imported.renamedTo}.`);
  else if (imported) {
    console.warn(
      `Imported ${imported.imported} feedback row(s) from ${legacyFile} into ${store.state.description}` +
        `${imported.skipped ? `, skipped ${imported.skipped} line(s) that were not whole entries` : ''}; the file is now ${imported.renamedTo}.`,
    );
  }
  return new FeedbackIntake(store);
}
