// Which rooms this browser played with no server, remembered so that a reload
// resumes them by pairing back in (paired-tables.ts) rather than by signalling.
// Apart from the pairing code, so that the table page need not load it to ask.
const PAIRED_KEY = 'trainyard.paired';

/** Whether `room` was played with no server (a reload then resumes it with resumePairedTable). */
export function isPairedRoom(room: string): boolean {
  try {
    return (localStorage.getItem(PAIRED_KEY) ?? '').split(' ').includes(room);
  } catch {
    return false;
  }
}

export function markPaired(room: string): void {
  try {
    const rooms = (localStorage.getItem(PAIRED_KEY) ?? '').split(' ').filter(Boolean);
    localStorage.setItem(PAIRED_KEY, [...rooms.slice(-19), room].join(' '));
  } catch {
    // Not remembered: a reload then tries the room's signalling and says it fails.
  }
}
