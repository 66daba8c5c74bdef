/**
 * A load that runs once and is shared by every caller, unless it fails: a
 * failed load is forgotten, so the next call tries again (a reader offline
 * for a moment is not left with a broken search for the rest of the visit).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
