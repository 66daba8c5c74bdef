/**
 * Reading `localStorage` throws when the browser denies storage (privacy settings,
 * sandboxed frames); each feature that loses its memory warns once and goes on.
 */
const warned = new Set<string>();

export function browserStorage(kind: 'localStorage' | 'sessionStorage', loses: string): Storage | undefined {
  try {
    const storage = window[kind];
    storage.getItem('');
    return storage;
  } catch (error) {
    if (!warned.has(loses)) {
      warned.add(loses);
      console.warn(`Browser storage is not available; ${loses}.`, error);
    }
    return undefined;
  }
}

/** A Storage kept in memory for the page's lifetime only. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}
