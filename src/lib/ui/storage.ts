// The browser's storage for what a page keeps: null where there is none (a test
// without a DOM) or it is refused (a policy, some private windows), and the page
// then keeps nothing.
export function webStorage(kind: 'local' | 'session'): Storage | null {
  try {
    return (kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage) ?? null;
  } catch {
    return null;
  }
}
