// A no-server table after a reload: the returning browser, rebuilt from its
// stored record on an endpoint under its old id, is paired back in by hand with
// one player still at the table and linked to the rest through that player;
// the round finishes the same everywhere. The offer it answers must be for this
// table, from a seated browser, and not one of its own codes from before.
import { describe, expect, it } from 'vitest';
import { createManualEndpoint, type ManualTransport, type NetResult } from '$lib/net';
import {
  checkReturnOffer,
  fromStored,
  hostTable,
  joinTable,
  toStored,
  type Session,
  type StoredTable,
} from '$lib/session';
import { answerRefused, linkAround } from '$lib/session/tables/paired-tables';
import { FakeRtc } from '../net/fake-rtc';
import { FAST, must, seededRandom, track, until } from './harness';

function unwrap<T>(result: NetResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

const ROOM = 'roomback';
const rtc = new FakeRtc();
const endpoint = (member: string): ManualTransport =>
  unwrap(createManualEndpoint({ id: `${ROOM}-${member}`, dialer: rtc.dialer() }));

/** `at` makes an offer, `comer` answers it, `at` takes the answer: one manual pairing. */
async function pair(at: ManualTransport, comer: ManualTransport): Promise<void> {
  const offer = unwrap(await at.createOffer());
  const answer = unwrap(await comer.acceptOffer(offer.code));
  unwrap(await offer.complete(answer.answer));
  unwrap(await answer.peer);
}

async function codes(offerer: string, answerer: string) {
  const a = unwrap(createManualEndpoint({ id: offerer, dialer: rtc.dialer() }));
  const b = unwrap(createManualEndpoint({ id: answerer, dialer: rtc.dialer() }));
  const offer = unwrap(await a.createOffer());
  const answer = unwrap(await b.acceptOffer(offer.code));
  a.close();
  b.close();
  return { offer: offer.code, answer: answer.answer };
}

const MEMBERS = ['ann0', 'bob1', 'cat2'] as const;

/** Ann hosts, Bob and Cat pair in by hand; a short game starts on autoplay. */
async function playingTable(): Promise<{ ts: ManualTransport[]; sessions: Session[] }> {
  const ts = MEMBERS.map(endpoint);
  for (const t of ts) linkAround(t, ROOM);
  const [t0, t1, t2] = ts as [ManualTransport, ManualTransport, ManualTransport];
  const host = track(
    hostTable({
      transport: t0,
      room: ROOM,
      member: 'ann0',
      name: 'Ann',
      timing: FAST,
      random: seededRandom(700),
    }),
  );
  const join = async (t: ManualTransport, member: string, name: string, seed: number) => {
    await pair(t0, t);
    return track(
      must(
        await joinTable({
          transport: t,
          room: ROOM,
          member,
          name,
          timing: FAST,
          random: seededRandom(seed),
          contact: t0.id,
        }),
      ),
    );
  };
  const sessions = [host, await join(t1, 'bob1', 'Bob', 701), await join(t2, 'cat2', 'Cat', 702)];
  // Bob and Cat link to each other through Ann's relay (the session dials members it meets).
  await until('a full mesh', () => t1.peers().includes(t2.id) && t2.peers().includes(t1.id));
  must(host.setVariant('mexican-train'));
  for (const [k, v] of Object.entries({ rounds: 1, set: 6, handSize: 5 })) {
    must(host.setOption(k, v));
  }
  must(host.start());
  await until('every browser playing', () => sessions.every((s) => s.snapshot.table !== null));
  for (const s of sessions) {
    for (const l of s.snapshot.table?.local ?? []) s.setAutoplay(l.seat, 'easy');
  }
  return { ts, sessions };
}

/** A page reloaded: its table rebuilt from its stored record on a new endpoint under its old id. */
function reloaded(record: StoredTable, member: string, seed: number) {
  const again = endpoint(member);
  linkAround(again, ROOM, true);
  const back = track(
    must(fromStored(record, { transport: again, timing: FAST, random: seededRandom(seed) })),
  );
  return { again, back };
}

function expectSameEnd(all: readonly Session[]): void {
  const hash = all[0]!.snapshot.table?.hash;
  for (const s of all) {
    expect(s.snapshot.desync).toBeNull();
    expect(s.snapshot.table?.hash).toBe(hash);
  }
}

describe('a no-server table after a reload', () => {
  it.each([
    ['a guest', 'bob1'],
    ['the host', 'ann0'],
  ])(
    'one manual pairing brings %s back to every other browser, and the round finishes',
    async (_, leaver) => {
      const members: readonly string[] = MEMBERS;
      const { ts, sessions } = await playingTable();
      const t2 = ts[2]!;
      const at = members.indexOf(leaver);
      const gone = sessions[at]!;
      const stay = sessions.filter((s) => s !== gone);
      await until('mid-round', () => (gone.snapshot.table?.seq ?? 0) > 25);

      // The page reloads: it goes silent with no goodbye (a page's last tick never
      // closes its links), so the others keep dead links to it for a while.
      const record = toStored(gone, Date.now())!;
      gone.close();
      await until('away on the other pages', () =>
        stay.every((s) => s.snapshot.seats.find((x) => x.member === leaver)?.present === false),
      );
      expect(t2.peers()).toContain(ts[at]!.id);

      const { again, back } = reloaded(record, leaver, 799);
      // Cat (not the host) pairs it back in, with an offer the returning page accepts.
      const seated = back.snapshot.seats.map((s) => `${ROOM}-${s.member}`);
      const offer = unwrap(await t2.createOffer());
      expect(checkReturnOffer(offer.code, ROOM, again.id, seated)).toEqual({
        ok: true,
        value: t2.id,
      });
      await pair(t2, again);
      // The third browser (with a dead link to it) is linked to it through Cat, with no
      // second pairing: the returning browser dials, and its link replaces the dead one.
      const all = [...stay, back];
      await until('present again on every page', () =>
        all.every((s) => s.snapshot.seats.every((x) => x.present)),
      );
      await until('game over after the reload', () =>
        all.every((s) => s.snapshot.table?.gameOver === true),
      );
      expectSameEnd(all);
      for (const t of [again, ...ts]) t.close();
    },
  );

  it('every page reloaded: one returning browser offers, another answers, and the round finishes', async () => {
    const { ts, sessions } = await playingTable();
    await until('mid-round', () => sessions.every((s) => (s.snapshot.table?.seq ?? 0) > 25));
    const records = sessions.map((s) => toStored(s, Date.now())!);
    for (const s of sessions) s.close();
    for (const t of ts) t.close();
    const back = MEMBERS.map((m, i) => reloaded(records[i]!, m, 800 + i));
    const [ann, bob, cat] = back as [(typeof back)[0], (typeof back)[0], (typeof back)[0]];
    // Nobody stayed to make an offer: Bob's returning page makes one, Ann's answers it,
    // then Ann's makes one for Cat.
    const seated = ann.back.snapshot.seats.map((s) => `${ROOM}-${s.member}`);
    const offer = unwrap(await bob.again.createOffer());
    expect(checkReturnOffer(offer.code, ROOM, ann.again.id, seated).ok).toBe(true);
    offer.cancel();
    await pair(bob.again, ann.again);
    await pair(ann.again, cat.again);
    const all = back.map((b) => b.back);
    await until('present again on every page', () =>
      all.every((s) => s.snapshot.seats.every((x) => x.present)),
    );
    await until('game over after every page reloaded', () =>
      all.every((s) => s.snapshot.table?.gameOver === true),
    );
    expectSameEnd(all);
    for (const b of back) b.again.close();
  });

  it('refuses an offer for another table, from no seat, or made by this browser before the reload', async () => {
    const self = `${ROOM}-bob1`;
    const seated = [`${ROOM}-ann0`, self, `${ROOM}-cat2`];
    const code = (r: ReturnType<typeof checkReturnOffer>) => (r.ok ? 'ok' : r.error.code);
    const detail = (r: ReturnType<typeof checkReturnOffer>) => (r.ok ? 'ok' : r.error.detail);

    const mine = await codes(self, `${ROOM}-cat2`);
    expect(code(checkReturnOffer(mine.offer, ROOM, self, seated))).toBe('STALE');
    expect(detail(checkReturnOffer(mine.offer, ROOM, self, seated))).toContain(
      'from before the reload',
    );
    const answered = await codes(`${ROOM}-ann0`, self);
    expect(code(checkReturnOffer(answered.answer, ROOM, self, seated))).toBe('STALE');

    const other = await codes('otherroom-ann0', 'otherroom-bob1');
    expect(code(checkReturnOffer(other.offer, ROOM, self, seated))).toBe('WRONG_ROOM');
    expect(detail(checkReturnOffer(other.offer, ROOM, self, seated))).toContain(
      'offer comes from another table',
    );
    const fromCat = await codes(`${ROOM}-cat2`, `${ROOM}-dan9`);
    expect(detail(checkReturnOffer(fromCat.answer, ROOM, self, seated))).toContain(
      'that is an answer code',
    );
    const stranger = await codes(`${ROOM}-zz99`, `${ROOM}-dan9`);
    expect(code(checkReturnOffer(stranger.offer, ROOM, self, seated))).toBe('UNKNOWN_PEER');
    expect(code(checkReturnOffer('not a code', ROOM, self, seated))).toBe('WRONG_ROOM');
    expect(code(checkReturnOffer(fromCat.offer, ROOM, self, seated))).toBe('ok');
  });

  it('refuses, at the offering browser, an answer to an older offer as STALE', async () => {
    const at = endpoint('ann0');
    const comer = endpoint('bob1');
    const old = unwrap(await at.createOffer());
    const answer = unwrap(await comer.acceptOffer(old.code));
    old.cancel();
    const now = unwrap(await at.createOffer());
    const taken = await now.complete(answer.answer);
    expect(taken.ok).toBe(false);
    if (taken.ok) return;
    expect(answerRefused(taken.error)).toMatchObject({ ok: false, error: { code: 'STALE' } });
    expect(answerRefused({ code: 'TIMEOUT', message: 'no link' })).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_PEER', detail: expect.stringContaining('no link came up') },
    });
    at.close();
    comer.close();
  });
});
