// Hole 2 of issue 21, as the attacks: a member id is a claim until the link
// proves the member's key. A raw link that never said hello relays an offer
// "from" the host and, on the link that offer opens, ends the game; after a
// reload, a stranger says hello as the host's member before the host is back,
// and ends the game. Each is refused; the honest game goes on and finishes.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createManualEndpoint, type ManualTransport, type NetResult } from '$lib/net';
import type { Mesh } from '$lib/net/mesh';
import { signingKeyPair } from '$lib/protocol';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import { fromStored, hostTable, joinTable, toStored, type Session } from '$lib/session';
import { FakeLink, FakeRtc } from '../net/fake-rtc';
import { RawLink } from '../net/adversary-link';
import {
  FAST,
  must,
  openTable,
  seededRandom,
  startAutoplay,
  track,
  transport,
  until,
  pause,
} from './harness';
import { impostor } from './impostor';

const MT = { rounds: 1, set: 6, handSize: 5 } as const;

function unwrap<T>(result: NetResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

const gameOver = (sessions: readonly Session[]) => () =>
  sessions.every((s) => s.snapshot.table?.gameOver === true);

/** Ann hosts, Bob pairs in by hand (manual endpoints over fake WebRTC); a short game on autoplay. */
async function pairedGame(room: string) {
  const rtc = new FakeRtc();
  const [t0, t1] = ['ann0', 'bob1'].map((m) =>
    unwrap(createManualEndpoint({ id: `${room}-${m}`, dialer: rtc.dialer() })),
  ) as [ManualTransport, ManualTransport];
  const offer = unwrap(await t0.createOffer());
  const answer = unwrap(await t1.acceptOffer(offer.code));
  unwrap(await offer.complete(answer.answer));
  unwrap(await answer.peer);
  const opts = { room, timing: FAST } as const;
  const host = track(
    hostTable({ ...opts, transport: t0, member: 'ann0', name: 'Ann', random: seededRandom(1) }),
  );
  const guest = track(
    must(
      await joinTable({
        ...opts,
        transport: t1,
        member: 'bob1',
        name: 'Bob',
        random: seededRandom(2),
        contact: t0.id,
      }),
    ),
  );
  await until('seated', () => host.snapshot.seats.length === 2);
  must(host.setOption('rounds', 1));
  must(host.start());
  await until('playing', () => guest.snapshot.table !== null);
  for (const s of [host, guest]) s.setAutoplay(s.snapshot.table!.local[0]!.seat, 'easy');
  await until('some play', () => (guest.snapshot.table?.seq ?? 0) > 10);
  return { rtc, t0, t1, host, guest, game: guest.snapshot.table!.game };
}

describe('impersonation (issue 21, hole 2)', () => {
  it('a raw link with no hello relays an offer "from" the host, then sends end: refused, the game finishes', async () => {
    const room = 'roomimp';
    const { rtc, t0, t1, host, guest, game } = await pairedGame(room);

    // The attacker's raw link into the guest's mesh: no hello, ever.
    const raw = RawLink.into(t1 as unknown as Mesh, `${room}-evil`);
    const end = JSON.stringify({ t: 'end', game, reason: 'forged by a raw link' });
    raw.payload(end);
    // Its own WebRTC offer, relayed to the guest as if the host had made it.
    const answers = rtc.answers;
    const forged = unwrap(await rtc.dialer().offer());
    raw.control({ t: 'sig', k: 'offer', from: t0.id, to: t1.id, n: 1, sdp: forged.sdp });
    await pause(100);
    const reply = raw.controls.find((c) => c.t === 'sig' && c.k === 'answer');
    if (reply) {
      // The guest answered: the attacker takes the link it opens, under the host's id.
      const link = unwrap(await forged.accept(String(reply.sdp)));
      const spoof = new RawLink(link as FakeLink);
      await pause(20);
      spoof.payload(end);
    }
    await pause(200);
    expect(guest.snapshot.ended).toBeNull();
    expect(rtc.answers).toBe(answers);
    const said = guest.snapshot.events.map((e) => e.detail);
    expect(said.some((d) => /end from .*-evil before hello/.test(d))).toBe(true);
    expect(said.some((d) => /relayed offer "from" .*-ann0 with no proof/.test(d))).toBe(true);
    await until('game over with the real host', gameOver([host, guest]));
    expect(guest.snapshot.ended).toBeNull();
    expect(guest.ledger?.log).toEqual(host.ledger?.log);
  });

  it('a link that takes the host’s place under its id speaks for no one: its end is refused', async () => {
    const room = 'roomrep';
    const { t0, t1, guest, game } = await pairedGame(room);
    const closes: string[] = [];
    t1.onClose((peer) => closes.push(peer));
    // As a signalling server would allow: a new link under the host's transport id.
    const raw = RawLink.into(t1 as unknown as Mesh, t0.id);
    expect(closes).toEqual([t0.id]);
    raw.payload(JSON.stringify({ t: 'end', game, reason: 'forged on a replaced link' }));
    await pause(100);
    expect(guest.snapshot.ended).toBeNull();
    expect(guest.snapshot.members.find((m) => m.member === 'ann0')?.present).toBe(false);
    expect(guest.snapshot.events.some((e) => /end from .* before hello/.test(e.detail))).toBe(true);
  });

  it('after a reload, a stranger saying hello as the host is refused; the real host is taken; no forged end', async () => {
    const table = await openTable({ variant: 'mexican-train', people: 2, options: MT, seed: 81 });
    await startAutoplay(table);
    const [host, leaver] = table.sessions as [Session, Session];
    await until('mid-round', () => (leaver.snapshot.table?.seq ?? 0) > 20);
    const stored = toStored(leaver, Date.now())!;
    leaver.close();
    leaver.transport.close();
    const back = track(
      must(
        fromStored(stored, {
          transport: transport(table.network, `${table.room}-p1-again`),
          timing: FAST,
          random: seededRandom(99),
        }),
      ),
    );
    const game = back.snapshot.table!.game;
    // The stranger comes first, with a key of its own, claiming member p0 (the host).
    const keys = signingKeyPair(new Uint8Array(32).fill(9))!;
    const stranger = transport(table.network, 'stranger');
    const liar = impostor(stranger, table.room, 'p0', 'Ada', keys.secretKey);
    expect((await liar.connect(back.transport.id)).ok).toBe(true);
    await pause(100);
    liar.send(back.transport.id, { t: 'end', game, reason: 'forged after a reload' });
    await pause(100);
    expect(back.snapshot.ended).toBeNull();
    expect(
      back.snapshot.events.some((e) => /p0 with a key that is not its own/.test(e.detail)),
    ).toBe(true);
    expect(back.snapshot.members.find((m) => m.member === 'p0')?.present ?? false).toBe(false);
    expect(toStored(back, Date.now())!.finished).toBe(false);
    expect(toBase64url(keys.publicKey)).not.toBe(host.snapshot.seats[0]!.key);
    // The real host comes: it is taken, and the game finishes.
    must(await back.link(host.transport.id));
    await until('the host is present again', () => back.snapshot.host === 'p0');
    await until('game over after the reload', gameOver([host, back]));
    expect(back.snapshot.ended).toBeNull();
    expect(back.ledger?.log).toEqual(host.ledger?.log);
    expect(toStored(back, Date.now())!.finished).toBe(true);
  });
});
