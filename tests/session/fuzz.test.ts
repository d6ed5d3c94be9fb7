// Bad input at the session boundary: a live in-memory table takes 100,000
// random and mutated session messages from a member that joined like any other
// (and more from a peer that never said hello), drops each with a reason, and
// the game still finishes with every browser agreeing.
import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '$lib/engine';
import { hostTable, type Session } from '$lib/session';
import {
  FAST,
  openTable,
  seededRandom,
  startAutoplay,
  track,
  transport,
  until,
  type Table,
  pause,
} from './harness';

let table: Table | null = null;

const KINDS = [
  'hello',
  'lobby',
  'propose',
  'agree',
  'begin',
  'submit',
  'entry',
  'refused',
  'hashes',
  'want',
  'entries',
  'ready',
  'beat',
  'end',
];

function randomValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 2 ? 5 : 8)) {
    case 0:
      return null;
    case 1:
      return rng.int(3) === 0 ? -rng.int(1e9) : rng.int(2 ** 31);
    case 2:
      return 'x'.repeat(rng.int(40));
    case 3:
      return rng.int(2) === 0;
    case 4:
      return String.fromCharCode(...Array.from({ length: rng.int(30) }, () => rng.int(0x3000)));
    case 5:
      return Array.from({ length: rng.int(4) }, () => randomValue(rng, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = rng.int(5); i > 0; i--)
        o[['t', 'game', 'seq', 'entry', 'list', 'from', 'seat', 'round'][rng.int(8)]!] =
          randomValue(rng, depth + 1);
      return o;
    }
  }
}

/** Mutates one field of a real message: a flipped character, a number nudged, a field dropped or swapped. */
function mutate(rng: Rng, text: string): string {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return text;
  }
  const keys = Object.keys(value);
  const key = keys[rng.int(keys.length)]!;
  const v = value[key];
  switch (rng.int(6)) {
    case 0:
      delete value[key];
      break;
    case 1:
      value[key] = randomValue(rng);
      break;
    case 2:
      if (typeof v === 'number') value[key] = v + rng.int(5) - 2;
      else if (typeof v === 'string' && v.length > 0) {
        const i = rng.int(v.length);
        value[key] =
          v.slice(0, i) + String.fromCharCode(v.charCodeAt(i) ^ (1 << rng.int(6))) + v.slice(i + 1);
      }
      break;
    case 3:
      value.t = KINDS[rng.int(KINDS.length)];
      break;
    case 4:
      if (Array.isArray(v) && v.length > 0) value[key] = [...v].reverse();
      else value.extra = 1;
      break;
    default:
      return text.slice(0, rng.int(text.length));
  }
  return JSON.stringify(value);
}

describe('bad input at the session boundary', () => {
  it('100,000 random and mutated messages: each dropped with a reason, and the game finishes', async () => {
    const rate = { burst: 1e9, perSecond: 1e9 };
    table = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: { rounds: 1, set: 6, handSize: 5 },
      seed: 31,
      rate,
    });
    // A browser that joins once the game is on (it watches), and one that never says hello.
    const fuzzer = hostTable({
      transport: transport(table.network, 'fuzzer'),
      room: table.room,
      member: 'fuzz',
      name: '<img src=x onerror=alert(1)>',
      timing: FAST,
      random: seededRandom(777),
    });
    track(fuzzer);
    const stranger = transport(table.network, 'stranger');
    const heard: string[] = [];
    fuzzer.transport.onMessage((_, data) => {
      if (typeof data === 'string' && heard.length < 2000) heard.push(data);
    });
    const honest = table.sessions;
    await startAutoplay(table);
    for (const s of honest) await fuzzer.link(s.transport.id);
    for (const s of honest) await stranger.connect(s.transport.id);
    const rng = createRng(4242);
    const targets = honest.map((s) => s.transport.id);
    let sent = 0;
    while (sent < 100_000) {
      for (let i = 0; i < 1000; i++, sent++) {
        const to = targets[rng.int(targets.length)]!;
        const pick = rng.int(10);
        let text: string;
        if (pick < 5 && heard.length > 0) text = mutate(rng, heard[rng.int(heard.length)]!);
        else if (pick < 7)
          text = JSON.stringify({
            t: KINDS[rng.int(KINDS.length)],
            ...(randomValue(rng) as object),
          });
        else if (pick < 8 && heard.length > 0)
          text = heard[rng.int(heard.length)]!; // replayed as is
        else text = JSON.stringify(randomValue(rng));
        (pick === 9 ? stranger : fuzzer.transport).send(to, text);
      }
      await pause(1);
    }
    await until(
      'game over under fire',
      () => honest.every((s) => s.snapshot.table?.gameOver === true),
      120_000,
    );
    const [first] = honest as [Session];
    for (const s of honest) {
      expect(s.snapshot.desync).toBeNull();
      expect(s.snapshot.table?.hash).toBe(first.snapshot.table?.hash);
      expect(s.ledger?.log).toEqual(first.ledger?.log);
      expect(s.snapshot.seats.map((x) => x.member)).toEqual(['p0', 'p1', 'p2']);
      expect(s.stats.received).toBeGreaterThan(20_000);
      const dropped = [...s.stats.dropped.values()].reduce((a, b) => a + b, 0);
      expect(dropped).toBeGreaterThan(10_000);
      expect(s.snapshot.events.length).toBeGreaterThan(0);
    }
    for (const a of first.snapshot.table!.audits) expect(a.violations).toEqual([]);
    // the name that looks like markup is plain text, shown as given
    expect(first.snapshot.members.find((m) => m.member === 'fuzz')?.name).toBe(
      '<img src=x onerror=alert(1)>',
    );
  });

  it('a flood from one peer is cut off as too frequent', async () => {
    table = await openTable({
      variant: 'mexican-train',
      people: 2,
      options: { rounds: 1, set: 6, handSize: 5 },
      seed: 32,
    });
    const flood = transport(table.network, 'flood');
    const [host] = table.sessions as [Session];
    await flood.connect(host.transport.id);
    for (let i = 0; i < 10_000; i++) flood.send(host.transport.id, '{}');
    await until('dropped', () => (host.stats.dropped.get('TOO_FREQUENT') ?? 0) > 1000);
    expect(host.snapshot.events.some((e) => e.code === 'TOO_FREQUENT')).toBe(true);
  });
});
