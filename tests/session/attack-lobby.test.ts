// Hole 6 of issue 21, as the attacks: one peer floods the host's lobby with
// signed hellos under distinct member ids; many browsers crowd one table. One
// member per link (a second cuts the link), at most 64 members, no fake ever
// seated, a newcomer still admitted afterwards; the host removes a member.
import { describe, expect, it } from 'vitest';
import { signingKeyPair } from '$lib/protocol';
import { joinTable, type Session } from '$lib/session';
import { FAST, must, openTable, track, transport, until, pause } from './harness';
import { impostor } from './impostor';

const key = (n: number): Uint8Array => signingKeyPair(new Uint8Array(32).fill(n))!.secretKey;

async function newcomer(
  table: { network: Parameters<typeof transport>[0]; room: string },
  member: string,
) {
  return track(
    must(
      await joinTable({
        transport: transport(table.network, `${table.room}-${member}`),
        room: table.room,
        member,
        name: `Newcomer ${member}`,
        timing: FAST,
        contact: `${table.room}-p0`,
      }),
    ),
  );
}

describe('lobby flood (issue 21, hole 6)', () => {
  it('3,000 signed hellos with distinct member ids on one link: the link is cut, no fake is seated, a newcomer still comes in', async () => {
    const table = await openTable({ variant: 'mexican-train', people: 2, seed: 91 });
    const [host, guest] = table.sessions as [Session, Session];
    const flooder = transport(table.network, 'flooder');
    const liar = impostor(flooder, table.room, 'fake0', 'Fake', key(5));
    expect((await liar.connect(host.transport.id)).ok).toBe(true);
    await until('the first fake is met', () => host.snapshot.members.length === 3);
    for (let i = 1; i <= 3000; i++) liar.hello(host.transport.id, `fake${i}`);
    await until('the link cut', () => !flooder.peers().includes(host.transport.id));
    await until('the lobby without the fake', () => host.snapshot.members.length === 2);
    expect(host.snapshot.seats.map((s) => s.member)).toEqual(['p0', 'p1']);
    expect(host.snapshot.events.some((e) => e.code === 'TOO_FREQUENT')).toBe(true);
    // A newcomer is admitted and seated after the flood, and the guest sees it.
    await newcomer(table, 'p2');
    await until('the newcomer seated', () => host.snapshot.seats.length === 3);
    await until('the guest sees it', () => guest.snapshot.seats.length === 3);
    expect(host.snapshot.seats.map((s) => s.member)).toEqual(['p0', 'p1', 'p2']);
  });

  it('70 browsers at one table: at most 64 members, and the guests still read the lobby', async () => {
    // The crowd sends no heartbeats: a long away limit keeps every one of them present.
    const table = await openTable({
      variant: 'mexican-train',
      people: 2,
      seed: 92,
      timing: { ...FAST, awayMs: 120_000 },
    });
    const [host, guest] = table.sessions as [Session, Session];
    for (let i = 0; i < 70; i++) {
      const t = transport(table.network, `crowd${i}`);
      await impostor(t, table.room, `crowd${i}`, `Crowd ${i}`, key(10 + i)).connect(
        host.transport.id,
      );
    }
    await until('the table is full', () => host.snapshot.members.length === 64);
    await pause(100);
    expect(host.snapshot.members).toHaveLength(64);
    expect(host.snapshot.events.some((e) => /holds 64 members/.test(e.detail))).toBe(true);
    await until('the guest has the lobby', () => guest.snapshot.members.length === 64);
    expect(guest.stats.dropped.get('MALFORMED_MESSAGE') ?? 0).toBe(0);
  });

  it('the host removes a member: its seat goes, its link drops, and it is not let back in', async () => {
    const table = await openTable({ variant: 'mexican-train', people: 3, seed: 93 });
    const [host, guest, third] = table.sessions as [Session, Session, Session];
    expect(guest.removeMember('p2')).toMatchObject({ ok: false, error: { code: 'NOT_HOST' } });
    expect(host.removeMember('p0')).toMatchObject({ ok: false, error: { code: 'NOT_NOW' } });
    expect(host.removeMember('p2')).toEqual({ ok: true, value: true });
    await until('the guest sees it gone', () => guest.snapshot.seats.length === 2);
    expect(host.snapshot.members.map((m) => m.member)).toEqual(['p0', 'p1']);
    await until('its link dropped', () => !third.transport.peers().includes(host.transport.id));
    // It comes back on a new link, with the same key: refused.
    await third.link(host.transport.id);
    await pause(200);
    expect(host.snapshot.seats.map((s) => s.member)).toEqual(['p0', 'p1']);
    expect(host.snapshot.members.map((m) => m.member)).toEqual(['p0', 'p1']);
  });
});
