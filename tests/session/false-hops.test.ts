// Finding 6 of issue 30: bounded work per seat and position. Of the hops one seat
// signs for one log position, each browser checks one proof; a second, different
// signed hop for the position is equivocation evidence, kept without a check; the
// host broadcasts at most one refusal for the position.
import { describe, expect, it } from 'vitest';
import { createEntry, type JsonValue } from '$lib/protocol';
import { ProvenCache } from '$lib/protocol/deck/proven';
import type { Session } from '$lib/session';
import { Adversary } from './adversary';
import { openTable, pause, startAutoplay, until } from './harness';

describe('false hops for one position (issue 30, finding 6)', () => {
  it('120 signed false shuffles cost each browser one proof check and the host one refusal', async () => {
    const caches = [new ProvenCache(), new ProvenCache(), new ProvenCache()];
    const t = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: { rounds: 1, set: 5, handSize: 4 },
      seed: 330,
      caches,
    });
    const [host, cheat, victim] = t.sessions as [Session, Session, Session];
    // Seat 1's own shuffle is held back: the head stays at it while its browser floods.
    let honest: string | null = null;
    let refusals = 0;
    let flooding = false;
    const deliver = t.network.deliver.bind(t.network);
    t.network.deliver = (from, to, link, data) => {
      const refusal = typeof data === 'string' && data.startsWith('{"t":"refused"');
      if (refusal && from === host.transport.id && to === victim.transport.id) refusals++;
      const own =
        !flooding &&
        typeof data === 'string' &&
        from === cheat.transport.id &&
        /^\{"t":"(submit|ahead)"/.test(data) &&
        /shuffle-hop/.test(data) &&
        /\\"seat\\":1/.test(data);
      if (!own) return deliver(from, to, link, data);
      honest ??= (JSON.parse(data) as { entry: string }).entry;
    };
    await startAutoplay(t);
    await until('seat 1’s shuffle is built', () => honest !== null);
    const entry = JSON.parse(honest!) as {
      game: string;
      seq: number;
      prev: string;
      body: { points: string[] };
    };
    const key = cheat.storedKeys().find((k) => k.seat === 1)!;
    const head = { game: entry.game, seq: entry.seq, prev: entry.prev, seatKeys: [] };
    const falseHops = Array.from({ length: 120 }, (_, k) => {
      const points = [...entry.body.points];
      const n = points.length;
      const [i, j] = [k % n, (k + 1 + Math.floor(k / n)) % n];
      [points[i], points[j]] = [points[j]!, points[i]!];
      const body = { ...entry.body, points } as unknown as JsonValue;
      return createEntry(head, 1, 'shuffle-hop', body, key.signing).encoded;
    });
    await until('all at seat 1’s shuffle', () =>
      [host, victim].every((s) => s.ledger?.seq === entry.seq),
    );
    const before = caches.map((c) => c.misses);
    const mallory = Adversary.inside(cheat.transport);
    flooding = true;
    for (const e of falseHops) {
      mallory.send({ t: 'submit', game: entry.game, entry: e }, [
        host.transport.id,
        victim.transport.id,
      ]);
    }
    await t.network.settle();
    await pause(200);
    const checks = caches.map((c, i) => c.misses - before[i]!);
    // Host, cheat (the host's one refusal) and victim: one check each, not one per hop.
    expect({ checks, refusals }).toEqual({ checks: [1, 1, 1], refusals: 1 });
    for (const s of [host, victim]) {
      expect(s.snapshot.equivocations).toMatchObject([{ seat: 1, seq: entry.seq }]);
      expect(s.ledger!.seq).toBe(entry.seq);
    }
    mallory.close(false);
  });
});
