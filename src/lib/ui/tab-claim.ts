// One tab per table: a table page claims its room with a Web Lock, so a second
// tab of the same browser (the table opened twice, or an offer link opened
// beside a running table) does not run a second copy of its session under the
// same seat keys. The claim ends with the tab; browsers without Web Locks go
// unguarded.

export interface TabClaim {
  release(): void;
}

/** This tab's claim on a table, or null when another tab of this browser holds it. */
export function claimTable(room: string): Promise<TabClaim | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return Promise.resolve({ release: () => undefined });
  return new Promise((resolve) => {
    void locks.request(`trainyard-table:${room}`, { ifAvailable: true }, (lock) => {
      if (!lock) {
        resolve(null);
        return undefined;
      }
      return new Promise<void>((done) => resolve({ release: done }));
    });
  });
}
