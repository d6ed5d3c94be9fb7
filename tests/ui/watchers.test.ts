// Who watches a table, whether this browser is watching, and where the host may
// seat a watcher at the next deal (TT-9: the tournament rules only).
import { beforeAll, describe, expect, it } from 'vitest';
import { startLocalTable, type MemberView, type SessionSnapshot } from '$lib/session';
import { load as loadGame } from '$lib/ui/i18n/game';
import { TableController } from '$lib/ui/table.svelte';
import { watchingOf } from '$lib/ui/watchers';

beforeAll(() => loadGame('en'));

const member = (id: string, name: string, over: Partial<MemberView> = {}): MemberView => ({
  member: id,
  name,
  me: false,
  host: false,
  present: true,
  ...over,
});

function snap(over: Partial<SessionSnapshot> = {}): SessionSnapshot {
  const seat = (seat: number, name: string, m: string) => ({
    seat,
    name,
    bot: null,
    member: m,
    key: `k${seat}`,
    local: m === 'ann',
    present: true,
  });
  return {
    room: 'r1',
    me: 'ann',
    phase: 'playing',
    isHost: true,
    host: 'ann',
    members: [
      member('ann', 'Ann', { me: true, host: true }),
      member('bob', 'Bob'),
      member('cat', 'Cat'),
    ],
    seats: [seat(0, 'Ann', 'ann'), seat(1, 'Bob', 'bob')],
    variant: 'mexican-train-tournament',
    options: {},
    table: null,
    desync: null,
    stall: null,
    refusals: [],
    equivocations: [],
    ended: null,
    events: [],
    reactions: [],
    watchersReact: false,
    ...over,
  };
}

describe('watchingOf', () => {
  it('lists the members here with no seat; the host may seat them under TT-9', () => {
    expect(watchingOf(snap())).toEqual({
      me: false,
      watchers: [
        { member: 'cat', name: 'Cat', me: false, pending: false, seatable: true, reacts: false },
      ],
    });
  });

  it('a watcher’s own table says it watches, and offers it no seating', () => {
    const s = snap({
      me: 'cat',
      isHost: false,
      members: [
        member('ann', 'Ann', { host: true }),
        member('bob', 'Bob'),
        member('cat', 'Cat', { me: true }),
      ],
    });
    expect(watchingOf(s)).toEqual({
      me: true,
      watchers: [
        { member: 'cat', name: 'Cat', me: true, pending: false, seatable: false, reacts: false },
      ],
    });
  });

  it('a watcher the host will seat is pending, with nothing more to press', () => {
    expect(watchingOf(snap({ newcomers: ['cat'] })).watchers).toEqual([
      { member: 'cat', name: 'Cat', me: false, pending: true, seatable: false, reacts: false },
    ]);
  });

  it('a watcher the host lets react may be muted by any viewer but itself', () => {
    expect(watchingOf(snap({ watchersReact: true })).watchers[0]?.reacts).toBe(true);
    const own = snap({
      me: 'cat',
      isHost: false,
      watchersReact: true,
      members: [member('ann', 'Ann', { host: true }), member('cat', 'Cat', { me: true })],
    });
    expect(watchingOf(own).watchers).toEqual([
      { member: 'cat', name: 'Cat', me: true, pending: false, seatable: false, reacts: false },
    ]);
    expect(watchingOf(snap()).watchers[0]?.reacts).toBe(false);
  });

  it('TT-9: other variants take no newcomer, so nobody may be seated', () => {
    expect(watchingOf(snap({ variant: 'mexican-train' })).watchers[0]?.seatable).toBe(false);
  });

  it('after the game, or at another browser than the host’s, no seating either', () => {
    const ended = snap({ ended: { reason: 'over', scores: [1, 2] } });
    expect(watchingOf(ended).watchers[0]?.seatable).toBe(false);
    expect(watchingOf(snap({ isHost: false })).watchers[0]?.seatable).toBe(false);
  });

  it('a member who went away is not listed; the lobby is not a table', () => {
    const away = snap({
      members: [
        member('ann', 'Ann', { me: true, host: true }),
        member('cat', 'Cat', { present: false }),
      ],
    });
    expect(watchingOf(away).watchers).toEqual([]);
    expect(watchingOf(snap({ phase: 'lobby' }))).toEqual({ me: false, watchers: [] });
  });

  it('a solo table has no watchers', () => {
    const solo = snap({
      me: 'local',
      members: [member('local', 'Ada', { me: true, host: true })],
      seats: [0, 1].map((seat) => ({
        seat,
        name: `P${seat}`,
        bot: seat === 0 ? null : ('easy' as const),
        member: 'local',
        key: `k${seat}`,
        local: true,
        present: true,
      })),
    });
    expect(watchingOf(solo)).toEqual({ me: false, watchers: [] });
  });
});

describe('TableController.seatNewcomer', () => {
  it('TT-9: a table whose rules take no newcomer refuses, says why with the rule, and seats nobody', async () => {
    const started = await startLocalTable({
      variant: 'mexican-train',
      options: { rounds: 1, set: 6, handSize: 5 },
      seats: [
        { kind: 'person', name: 'Ada' },
        { kind: 'bot', level: 'easy' },
      ],
      store: null,
    });
    if (!started.ok) throw new Error(started.error.detail);
    const client = started.value;
    const t = new TableController(client, { stepMs: 0 });
    try {
      const end = Date.now() + 30_000;
      while (client.snapshot.table === null && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 10));
      }
      const seats = client.snapshot.seats;
      await t.seatNewcomer('someone');
      expect(t.notice).toMatchObject({ kind: 'error', rule: 'TT-9' });
      expect(client.snapshot.seats).toEqual(seats);
      expect(client.snapshot.newcomers).toBeUndefined();
    } finally {
      t.destroy();
      client.close();
    }
  });
});
