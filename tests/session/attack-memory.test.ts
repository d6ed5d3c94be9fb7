// Hole 5 of issue 21, as the attack: one seated browser turns hostile and sends
// 100,000 well-formed messages of each kind (far-ahead entries and batches,
// hashes for future positions, ready for distinct rounds, `want from 0`, asks
// for the game's setup and setups nobody asked for, beats from far ahead,
// challenges, hellos, lobbies, ends) to the host of a
// live table. The heap grows by less than 10 MB and the game finishes, the
// same everywhere. Everything is taken only within a window around the log head.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Session } from '$lib/session';
import { openTable, startAutoplay, until } from './harness';
import { HOSTILE_KINDS, hostileMessage } from './hostile';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapMB(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / (1 << 20);
}

describe('memory under a hostile peer (issue 21, hole 5)', () => {
  it('100,000 hostile messages of each kind grow the heap by less than 10 MB, and the game finishes', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: { rounds: 1, set: 9, handSize: 7 },
      seed: 95,
      // Every message reaches its handler: the general rate limit is not what is tested.
      rate: { burst: 1e9, perSecond: 1e9 },
    });
    await startAutoplay(table);
    const [host, honest, hostile] = table.sessions as [Session, Session, Session];
    await until('some play', () => (host.snapshot.table?.seq ?? 0) > 5);
    const game = host.snapshot.table!.game;
    const context = { room: table.room, game, seat: 2 };
    const before = heapMB();
    const growth: Record<string, number> = {};
    for (const kind of HOSTILE_KINDS) {
      const at = heapMB();
      for (let i = 0; i < 100_000; i++) {
        const text = hostileMessage(kind, i, context);
        hostile.transport.send(host.transport.id, text);
        if (i % 2000 === 1999) await new Promise((r) => setImmediate(r));
      }
      await table.network.settle();
      growth[kind] = +(heapMB() - at).toFixed(1);
    }
    const grown = heapMB() - before;
    expect(grown, JSON.stringify(growth)).toBeLessThan(10);
    expect(host.snapshot.ended).toBeNull();
    expect(host.stats.dropped.get('OUT_OF_WINDOW') ?? 0).toBeGreaterThan(100_000);
    expect(honest.snapshot.ended).toBeNull();
    await until(
      'game over after the flood',
      () => table.sessions.every((s) => s.snapshot.table?.gameOver === true),
      120_000,
    );
    for (const s of table.sessions) {
      expect(s.snapshot.desync).toBeNull();
      expect(s.ledger?.log).toEqual(host.ledger?.log);
    }
  }, 600_000);
});
