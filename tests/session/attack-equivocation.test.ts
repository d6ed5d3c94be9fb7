// Hole 7 of issue 21, as the attack: a seat signs two different entries for one
// position, then buries the evidence under ordinary refusals. Both signed entries
// are kept in their own list (refusals cannot push them out), shown in the
// snapshot, kept across a reload, written into the game record, and checked by
// the record verifier, which names the seat; a record claiming an equivocation it cannot show is refused.
import { describe, expect, it } from 'vitest';
import { createEntry } from '$lib/protocol';
import { parseRecord, recordOf, recordText, verifyRecord, type GameRecord } from '$lib/record';
import { fromStored, toStored, type Session } from '$lib/session';
import { openTable, seededRandom, startAutoplay, track, transport, turnOf, until } from './harness';

describe('equivocation evidence (issue 21, hole 7)', () => {
  it('is kept through 60 refusals, shown, recorded and verified, naming the seat', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: { rounds: 1, set: 6, handSize: 5 },
      seed: 28,
    });
    const [host, cheat, third] = table.sessions as [Session, Session, Session];
    await startAutoplay(table, 'easy', [1]);
    await turnOf(cheat, 1);
    const key = cheat.storedKeys().find((k) => k.seat === 1)!;
    const t = cheat.ledger!.table(1)!;
    const [a, other] = cheat.snapshot.table!.local[0]!.legal;
    const b = other ?? { seat: 1, type: 'pass' };
    expect(cheat.move(1, a!)).toEqual({ ok: true, value: true });
    await until('its move applied', () => host.ledger!.seq > t.head.seq);
    const second = createEntry(t.head, 1, 'move', { move: b as never, keys: [] }, key.signing);
    const send = (entry: string) =>
      cheat.transport.send(
        host.transport.id,
        JSON.stringify({ t: 'submit', game: t.config.game, entry }),
      );
    send(second.encoded);
    await until('kept by the others', () =>
      [host, third].every((s) => s.snapshot.equivocations.length === 1),
    );
    // Then 60 signed entries the rules refuse, at its next turn.
    await turnOf(cheat, 1);
    const now = cheat.ledger!.table(1)!;
    const own = new Set(now.view.hands[1]!.map((c) => c.tile));
    const notMine = [...Array(28).keys()].find((tile) => !own.has(tile))!;
    const body = { move: { seat: 1, type: 'play', tile: notMine, target: 'mexican' }, keys: [] };
    const refused = createEntry(now.head, 1, 'move', body as never, key.signing).encoded;
    for (let i = 0; i < 60; i++) send(refused);
    await until('refusals in', () =>
      [host, third].every((s) => s.snapshot.refusals.filter((r) => r.seat === 1).length >= 50),
    );
    const logged = host.ledger!.log[t.head.seq]!;
    for (const s of [host, third]) {
      expect(s.snapshot.equivocations).toEqual([
        { game: t.config.game, seat: 1, seq: t.head.seq, entries: [logged, second.encoded] },
      ]);
    }
    cheat.setAutoplay(1, 'easy');
    await until('game over', () =>
      [host, cheat, third].every((s) => s.snapshot.table?.gameOver === true),
    );
    for (const s of [host, cheat, third]) {
      expect(s.snapshot.desync).toBeNull();
      expect(s.snapshot.table?.hash).toBe(host.snapshot.table?.hash);
    }

    // A reload keeps the pair (it is stored with the table and checked again on resume).
    const back = fromStored(toStored(host, Date.now())!, {
      transport: transport(table.network, `${table.room}-p0-back`),
      random: seededRandom(9),
    });
    if (!back.ok) throw new Error(back.error.detail);
    track(back.value);
    expect(back.value.snapshot.equivocations).toEqual(host.snapshot.equivocations);

    // The record carries the pair; the verifier checks it and names the seat.
    const r = host.record();
    if (!r.ok) throw new Error(r.error.detail);
    const record = recordOf(r.value.segments, r.value.room);
    const read = parseRecord(recordText(record));
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.segments[0]!.evidence).toEqual([
      { seat: 1, seq: t.head.seq, entries: [logged, second.encoded] },
    ]);
    const verdict = verifyRecord(read.value);
    expect(verdict.refused).toBeNull();
    expect(verdict.fair).toBe(false);
    expect(verdict.violations).toContainEqual(
      expect.objectContaining({ segment: 0, seat: 1, seq: t.head.seq, code: 'EQUIVOCATION' }),
    );

    // A claim it cannot show is refused: one entry twice, another seat, an unsigned one.
    const claim = (entries: [string, string], seat = 1): GameRecord => ({
      ...read.value,
      segments: [{ ...read.value.segments[0]!, evidence: [{ seat, seq: t.head.seq, entries }] }],
    });
    const forged = second.encoded.replace(/"sig":"[^"]*"/, `"sig":"${'A'.repeat(86)}"`);
    for (const bad of [
      claim([logged, logged]),
      claim([logged, second.encoded], 2),
      claim([logged, forged]),
    ]) {
      expect(verifyRecord(bad).refused).toMatchObject({ segment: 0, code: 'BAD_EVIDENCE' });
    }
  });
});
