/** From the deployment's settings (portal.config.ts) by default. */
import path from 'node:path';
import {portalConfig} from '../../portal.config';
import {repoRoot} from '../paths';
import {openStateStore, type StateStore, type StateStoreLocation} from '../store/state-store';
import {FeedbackIntake} from './intake';
import {importFeedbackLines} from './legacy-import';
import {type FeedbackBounds, FeedbackStore} from './store';

export const legacyFeedbackFile = (): string => path.resolve(process.env.FEEDBACK_FILE ?? path.join(repoRoot, 'feedback/feedback.jsonl'));

export function configuredStoreLocation(): StateStoreLocation {
  const {databaseUrl, databaseFile} = portalConfig.stateStore;
  return {databaseUrl, file: path.resolve(repoRoot, databaseFile)};
}

export const openConfiguredStateStore = (): Promise<StateStore> => openStateStore(configuredStoreLocation());

export interface FeedbackOptions {
  location?: StateStoreLocation;
  bounds?: FeedbackBounds;
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
