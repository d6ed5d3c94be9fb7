// Stored tables survive the browser's clean-up only in persistent storage:
// without it a browser may delete script storage (Safari: after 7 days
// unvisited). Asked for once, when this page first stores a table.
let asked: Promise<boolean> | null = null;

/** Ask for persistent storage (once per page); whether this site has it. */
export function askPersistence(): Promise<boolean> {
  asked ??= (async () => {
    const storage = navigator.storage;
    if (!storage?.persist) return false;
    return (await storage.persisted()) || (await storage.persist());
  })().catch(() => false);
  return asked;
}

/** Whether this site's storage is persistent (false where the browser cannot say). */
export async function isPersisted(): Promise<boolean> {
  try {
    return (await navigator.storage?.persisted?.()) ?? false;
  } catch {
    return false;
  }
}
