// Every session a test opened, closed after it (tests/setup.ts): left open, its
// heartbeat would run on through the file's later tests.

const open: { close(): void }[] = [];

export function track<T extends { close(): void }>(session: T): T {
  open.push(session);
  return session;
}

export function closeTracked(): void {
  for (const s of open.splice(0)) s.close();
}
