// A seated browser that lies about the table's fingerprint. Its lie stops play
// for everyone: nobody can tell a lie from a broken copy of the game, so the
// desync alarm goes up, as it must. Its sides (which the alarm shows) say which
// browser holds another table: the honest ones agree with each other, and only
// the liar's seat differs.
import { afterEach, expect, it } from 'vitest';
import type { Session } from '$lib/session';
import { closeTracked, openTable, pause, startAutoplay, until } from './harness';

afterEach(closeTracked);

const MT = { rounds: 1, set: 6, handSize: 5 };

it('a seat reporting false fingerprints: every honest browser stops with the liar alone on its side', async () => {
  let lying = false;
  const table = await openTable({
    variant: 'mexican-train',
    people: 3,
    options: MT,
    seed: 61,
    // Once `lying` is set, browser 2 rewrites every fingerprint it reports, and
    // browser 1's honest ones come late: the alarm goes up on the lie alone, and
    // the honest fingerprint heard after it joins this browser's side.
    wrap: (browser, t) => {
      if (browser === 0) return t;
      const send = t.send.bind(t);
      t.send = (peer, data) => {
        if (!lying || typeof data !== 'string' || !data.startsWith('{"t":"hashes"')) {
          return send(peer, data);
        }
        if (browser === 1) {
          setTimeout(() => send(peer, data), 100);
          return { ok: true, value: undefined };
        }
        const m = JSON.parse(data) as { list: string[] };
        return send(peer, JSON.stringify({ ...m, list: m.list.map((h) => `x${h.slice(1)}`) }));
      };
      return t;
    },
  });
  await startAutoplay(table);
  const [host, honest] = table.sessions as [Session, Session, Session];
  await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 15);
  lying = true;
  await until('both honest browsers stop, each side heard', () =>
    [host, honest].every((s) => s.snapshot.desync?.sides[0]?.seats.length === 2),
  );
  for (const s of [host, honest]) {
    const alarm = s.snapshot.desync!;
    expect(alarm.sides[0]?.seats.toSorted()).toEqual([0, 1]);
    expect(alarm.sides.slice(1).map((side) => side.seats)).toEqual([[2]]);
  }
  // Play stops at every honest browser.
  const seq = host.snapshot.table!.seq;
  await pause(300);
  expect(host.snapshot.table!.seq).toBe(seq);
});
