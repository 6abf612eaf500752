// Web storage behind a small interface, so the rules that use it are tested with an in-memory fake.

/** The part of Storage the app needs. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

export function memoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const fallback = { session: memoryStore(), local: memoryStore() };

function pick(kind: 'sessionStorage' | 'localStorage'): KeyValueStore | null {
  try {
    // Reading the property throws when the browser blocks storage (some private modes).
    if (typeof window !== 'undefined' && window[kind]) return window[kind];
  } catch {
    return null;
  }
  return null;
}

/** sessionStorage, or memory where the browser has none. */
export function sessionStore(): KeyValueStore {
  return pick('sessionStorage') ?? fallback.session;
}

/** localStorage, or memory where the browser has none. */
export function localStore(): KeyValueStore {
  return pick('localStorage') ?? fallback.local;
}
