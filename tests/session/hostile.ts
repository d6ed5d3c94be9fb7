// Hostile messages a seated browser can send (issue 21, hole 5): well-formed, so
// they reach the session's handlers, and each aimed at something that used to
// grow without bound or cost without bound. Shared by the memory test and the
// `session` bench (hostileHeapMB).
export const HOSTILE_KINDS = [
  'entry',
  'entries',
  'hashes',
  'ready',
  'want',
  'show',
  'shown',
  'beat',
  'challenge',
  'hello',
  'lobby',
  'end',
] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

export interface HostileContext {
  readonly room: string;
  readonly game: string;
  /** The sender's seat. */
  readonly seat: number;
}

/** Large entry text: what each far-ahead entry would cost if it were kept. */
const BIG = 'x'.repeat(1024);
const HASHES = Array.from({ length: 64 }, (_, i) => `h${i}`.padEnd(43, 'A'));

/** The i-th hostile message of a kind. */
export function hostileMessage(kind: HostileKind, i: number, c: HostileContext): string {
  const { room, game, seat } = c;
  switch (kind) {
    case 'entry':
      return JSON.stringify({ t: 'entry', game, seq: 1000 + i, entry: `${BIG}${i}` });
    case 'entries':
      return JSON.stringify({
        t: 'entries',
        game,
        from: 1000 + i * 4,
        list: Array.from({ length: 4 }, (_, k) => `${BIG}${i}.${k}`),
        head: 1e9,
      });
    case 'hashes':
      return JSON.stringify({ t: 'hashes', game, from: 1000 + i * 64, list: HASHES });
    case 'ready':
      return JSON.stringify({ t: 'ready', game, round: 10 + i, seat });
    case 'want':
      return JSON.stringify({ t: 'want', game, from: 0 });
    case 'show':
      return JSON.stringify({ t: 'show', game });
    case 'shown':
      // A setup nobody asked for (NOT_ALLOWED).
      return JSON.stringify({ t: 'shown', game: `g${i}`, setup: `${BIG}${i}`, agreements: [] });
    case 'beat':
      return JSON.stringify({
        t: 'beat',
        game,
        seq: 1e6 + i,
        hash: 'x',
        host: null,
        catching: false,
        ended: false,
      });
    case 'challenge':
      return JSON.stringify({ t: 'challenge', room, n: `nonce${i}` });
    case 'hello':
      return JSON.stringify({
        t: 'hello',
        room,
        member: `fake${i}`,
        name: 'Fake',
        key: 'A'.repeat(43),
        n: `nonce${i}`,
        sig: 'A'.repeat(86),
      });
    case 'lobby':
      return JSON.stringify({
        t: 'lobby',
        room,
        draft: { variant: 'mexican-train', options: {}, seats: [] },
        members: Array.from({ length: 16 }, (_, k) => ({
          member: `m${i}x${k}`,
          name: 'Fake',
          peer: `peer${i}x${k}`,
        })),
      });
    case 'end':
      return JSON.stringify({ t: 'end', game, reason: `forged ${i}` });
  }
}
