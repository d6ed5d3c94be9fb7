// "Play again" at a table on this browser alone deals the same setup again; a
// table played with others online has no such shortcut.
import { describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '$lib/session';
import { againSpec } from '$lib/ui/play-again';

function snap(over: Partial<SessionSnapshot> = {}): SessionSnapshot {
  const seat = (seat: number, name: string, bot: 'easy' | 'hard' | null, member = 'local') => ({
    seat,
    name,
    bot,
    member,
    key: `k${seat}`,
    local: true,
    present: true,
  });
  return {
    room: 'r1',
    me: 'local',
    phase: 'playing',
    isHost: true,
    host: 'local',
    members: [{ member: 'local', name: 'Ada', me: true, host: true, present: true }],
    seats: [seat(0, 'Ada', null), seat(1, 'Casey', 'easy'), seat(2, 'Pearl', 'hard')],
    variant: 'railominos',
    options: { rounds: 1 },
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

describe('againSpec', () => {
  it('solo: the same variant, options, names and bots’ levels, the person first', () => {
    expect(againSpec(snap())).toEqual({
      variant: 'railominos',
      options: { rounds: 1 },
      seats: [
        { kind: 'person', name: 'Ada' },
        { kind: 'bot', level: 'easy', name: 'Casey' },
        { kind: 'bot', level: 'hard', name: 'Pearl' },
      ],
    });
  });

  it('keeps the table’s turn clock', () => {
    expect(againSpec(snap({ clockSeconds: 60 }))?.turnClock).toBe(60);
    expect(againSpec(snap())).not.toHaveProperty('turnClock');
  });

  it('pass-and-play: every person again, in their seats', () => {
    const s = snap();
    const seats = [s.seats[0]!, { ...s.seats[1]!, name: 'Bea', bot: null }, s.seats[2]!];
    expect(againSpec({ ...s, seats })?.seats).toEqual([
      { kind: 'person', name: 'Ada' },
      { kind: 'person', name: 'Bea' },
      { kind: 'bot', level: 'hard', name: 'Pearl' },
    ]);
  });

  it('a table played with others (another member, or a seat another browser plays): none', () => {
    const s = snap();
    const other = { member: 'm2', name: 'Bob', me: false, host: false, present: true };
    expect(againSpec({ ...s, members: [...s.members, other] })).toBeNull();
    expect(againSpec({ ...s, seats: [s.seats[0]!, { ...s.seats[1]!, member: 'm2' }] })).toBeNull();
  });

  it('a first seat that is a bot (nothing for this browser’s person to take): none', () => {
    const s = snap();
    expect(againSpec({ ...s, seats: [s.seats[1]!, s.seats[0]!] })).toBeNull();
  });
});
