// Reactions on screen (issue 23): who may react from this page, and muting a
// player hides their reactions on this page only (nothing goes on the wire).
import { describe, expect, it } from 'vitest';
import type { ReactionView, SessionSnapshot, TableView } from '$lib/session';
import { mayReact, Mutes, onlineTable } from '$lib/ui/reactions.svelte';

const member = (m: string, me = false) => ({
  member: m,
  name: m,
  me,
  host: m === 'a',
  present: true,
});
const seat = (n: number, m: string) => ({
  name: m,
  key: `k${n}`,
  bot: null,
  member: m,
  seat: n,
  local: false,
  present: true,
});

function snap(me: string, over: Partial<SessionSnapshot> = {}): SessionSnapshot {
  return {
    room: 'r1',
    me,
    phase: 'playing',
    isHost: me === 'a',
    host: 'a',
    members: [member('a', me === 'a'), member('b', me === 'b'), member('w', me === 'w')],
    seats: [seat(0, 'a'), seat(1, 'b')],
    variant: 'mexican-train',
    options: {},
    table: {} as TableView,
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

describe('who may react from this page', () => {
  it('a seat’s person at an online table, once the game is on', () => {
    expect(mayReact(snap('b'))).toBe(true);
    expect(mayReact(snap('b', { table: null }))).toBe(false);
  });

  it('nobody at a table of this browser alone (solo, pass and play)', () => {
    const solo = snap('a', { members: [member('a', true)] });
    expect(onlineTable(solo)).toBe(false);
    expect(mayReact(solo)).toBe(false);
  });

  it('a watcher only with the host’s leave', () => {
    expect(mayReact(snap('w'))).toBe(false);
    expect(mayReact(snap('w', { watchersReact: true }))).toBe(true);
  });
});

describe('muting', () => {
  const r = (m: string, at: number): ReactionView => ({
    member: m,
    name: m,
    seat: null,
    reaction: 'good',
    at,
  });

  it('hides a muted member’s reactions, and shows them again when unmuted', () => {
    const mutes = new Mutes();
    const all = [r('a', 1), r('b', 2)];
    expect(mutes.shown(all)).toEqual(all);
    mutes.toggle('a');
    expect(mutes.has('a')).toBe(true);
    expect(mutes.shown(all)).toEqual([r('b', 2)]);
    mutes.toggle('a');
    expect(mutes.shown(all)).toEqual(all);
  });

  it('keeps a table’s mutes over a reload of the tab, and only for that table', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
    };
    const before = new Mutes(storage);
    before.at('room-1');
    before.toggle('a');
    const reloaded = new Mutes(storage);
    reloaded.at('room-1');
    expect(reloaded.has('a')).toBe(true);
    const elsewhere = new Mutes(storage);
    elsewhere.at('room-2');
    expect(elsewhere.has('a')).toBe(false);
    // What is kept is checked before use: anything else means no mutes.
    for (const bad of ['{', '{"room":"room-1","muted":[1]}', '[]']) {
      kept.set('trainyard:mutes', bad);
      const m = new Mutes(storage);
      m.at('room-1');
      expect(m.has('a')).toBe(false);
    }
  });
});
