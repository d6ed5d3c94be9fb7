// Reactions (issue 23): a fixed set of quick phrases and emoji sent over the
// table's links by id; every browser checks who sent one (a seat's browser, or a
// watcher the host lets react), drops floods with a code and keeps only each
// member's latest, for a few seconds.
import { describe, expect, it } from 'vitest';
import { fromStored, joinTable, REACTIONS, type Session, toStored } from '$lib/session';
import { setUpLobbyDraft, type StoredLobby } from '$lib/session/store/lobby-store';
import {
  REACTION_BURST,
  REACTION_GAP_MS,
  REACTION_SHOW_MS,
  REACTION_SPAN_MS,
} from '$lib/session/play/reactions';
import { parseWire } from '$lib/session/wire';
import { must, openTable, seededRandom, type Table, track, transport, until } from './harness';

const MT = { rounds: 1, set: 5, handSize: 4 };
// Nobody is taken for away or stalled while a test moves the clock on.
const TIMING = { beatMs: 50, awayMs: 600_000, stallMs: 6_000_000 };

/** Every browser's clock: the real one, moved on by `skip`. */
function testClock() {
  let offset = 0;
  return { now: () => Date.now() + offset, skip: (ms: number) => (offset += ms) };
}

async function playing(table: Table): Promise<string> {
  must(table.sessions[0]!.start());
  await until('every browser playing', () =>
    table.sessions.every((s) => s.snapshot.table !== null),
  );
  return table.sessions[0]!.snapshot.table!.game;
}

/** Sends a raw message from `from` to `to` over their proven link. */
function sendRaw(table: Table, from: Session, to: Session, message: object): void {
  from.transport.send(to.transport.id, JSON.stringify(message));
}

const shown = (s: Session) => s.snapshot.reactions.map((r) => [r.member, r.reaction, r.seat]);
const dropped = (s: Session, code: string) => s.stats.dropped.get(code) ?? 0;

async function twoPlaying(now?: () => number) {
  const table = await openTable({
    variant: 'mexican-train',
    options: MT,
    people: 2,
    timing: TIMING,
    ...(now ? { now } : {}),
  });
  const game = await playing(table);
  const [ada, bo] = table.sessions as [Session, Session];
  return { table, game, ada, bo };
}

/** A browser that comes after the start: a member without a seat, linked to both. */
async function watcher(table: Table, now?: () => number): Promise<Session> {
  const w = track(
    must(
      await joinTable({
        transport: transport(table.network, `${table.room}-w`),
        room: table.room,
        member: 'w',
        name: 'Wes',
        timing: TIMING,
        random: seededRandom(77),
        ...(now ? { now } : {}),
        contact: `${table.room}-p0`,
      }),
    ),
  );
  await until('the watcher has the game and knows both', () => {
    const ids = w.snapshot.members.filter((m) => m.present).map((m) => m.member);
    return w.snapshot.table !== null && ids.includes('p0') && ids.includes('p1');
  });
  await until('both know the watcher', () =>
    table.sessions.every((s) => s.snapshot.members.some((m) => m.member === 'w' && m.present)),
  );
  return w;
}

describe('the react message', () => {
  it('carries one of the fixed ids and a game, nothing else', () => {
    for (const reaction of REACTIONS) {
      expect(parseWire(JSON.stringify({ t: 'react', game: 'g', reaction })).ok).toBe(true);
    }
    for (const bad of [
      { t: 'react', game: 'g', reaction: 'hello there' },
      { t: 'react', game: 'g', reaction: 'Good move!' },
      { t: 'react', game: 'g' },
      { t: 'react', game: 'g', reaction: 'good', text: 'free text' },
    ]) {
      expect(parseWire(JSON.stringify(bad))).toMatchObject({
        ok: false,
        error: { code: 'MALFORMED_MESSAGE' },
      });
    }
  });

  it('the lobby draft says whether watchers may react: true or absent', () => {
    const lobby = (draft: object) =>
      JSON.stringify({
        t: 'lobby',
        room: 'r1',
        draft: { variant: 'mexican-train', options: {}, seats: [], ...draft },
        members: [],
      });
    expect(parseWire(lobby({ watchersReact: true })).ok).toBe(true);
    for (const bad of [false, 1, 'yes', null]) {
      expect(parseWire(lobby({ watchersReact: bad })).ok).toBe(false);
    }
  });
});

describe('reactions at a table', () => {
  it('a reaction sent by one browser shows at the other, by id, beside its seat, for a few seconds', async () => {
    const clock = testClock();
    const { ada, bo } = await twoPlaying(clock.now);
    expect(ada.react('good')).toEqual({ ok: true, value: true });
    expect(shown(ada)).toEqual([['p0', 'good', 0]]);
    await until('bo sees it', () => bo.snapshot.reactions.length === 1);
    expect(bo.snapshot.reactions[0]).toMatchObject({
      member: 'p0',
      name: 'Ada',
      seat: 0,
      reaction: 'good',
    });
    clock.skip(REACTION_SHOW_MS);
    expect(bo.snapshot.reactions).toEqual([]);
  });

  it('an unknown id is refused at the sender and dropped at the receiver', async () => {
    const { table, game, ada, bo } = await twoPlaying();
    expect(ada.react('boo')).toMatchObject({ ok: false, error: { code: 'MALFORMED_MESSAGE' } });
    const before = dropped(bo, 'MALFORMED_MESSAGE');
    sendRaw(table, ada, bo, { t: 'react', game, reaction: 'boo' });
    await until('dropped', () => dropped(bo, 'MALFORMED_MESSAGE') === before + 1);
    expect(bo.snapshot.reactions).toEqual([]);
  });

  it('a flood is dropped with a code, and only the latest per member is kept', async () => {
    const clock = testClock();
    const { table, game, ada, bo } = await twoPlaying(clock.now);
    // The sender's own limit: the button's second press within the gap is refused.
    expect(bo.react('thumbs').ok).toBe(true);
    expect(bo.react('wow')).toMatchObject({ ok: false, error: { code: 'TOO_FREQUENT' } });
    await until('ada sees bo’s', () => ada.snapshot.reactions.length === 1);
    // A browser that skips its own limit: ada drops all but what the limits let through.
    for (let i = 0; i < 20; i++) sendRaw(table, bo, ada, { t: 'react', game, reaction: 'laugh' });
    await until('the flood dropped', () => dropped(ada, 'TOO_FREQUENT') === 20);
    expect(shown(ada)).toEqual([['p1', 'thumbs', 1]]);
    expect(ada.snapshot.events.at(-1)).toMatchObject({
      code: 'TOO_FREQUENT',
      detail: 'reaction from p1: more than the limit',
    });
    // After the gap one more is taken and replaces the one shown, up to a burst per span.
    const sent = ['oops', 'thinking', 'yourTurn', 'party', 'good', 'wow', 'laugh'] as const;
    const taken: string[] = [];
    for (const reaction of sent) {
      clock.skip(REACTION_GAP_MS);
      const before = dropped(ada, 'TOO_FREQUENT');
      sendRaw(table, bo, ada, { t: 'react', game, reaction });
      await until(`${reaction} judged`, () => {
        if (shown(ada)[0]?.[1] === reaction) return taken.push(reaction) > 0;
        return dropped(ada, 'TOO_FREQUENT') > before;
      });
      expect(ada.snapshot.reactions.length).toBeLessThanOrEqual(1);
    }
    // thumbs and four more make the burst; the rest of the span drops them.
    expect(taken).toEqual(sent.slice(0, REACTION_BURST - 1));
    expect(dropped(ada, 'TOO_FREQUENT')).toBe(20 + sent.length - (REACTION_BURST - 1));
    clock.skip(REACTION_SPAN_MS);
    sendRaw(table, bo, ada, { t: 'react', game, reaction: 'wow' });
    await until('taken again after the span', () => shown(ada)[0]?.[1] === 'wow');
  });

  it('a reaction for another game, before the game, or from a browser that never said hello is dropped', async () => {
    const lobbyTable = await openTable({
      variant: 'mexican-train',
      options: MT,
      people: 2,
      timing: TIMING,
      seed: 2,
    });
    const [host, guest] = lobbyTable.sessions as [Session, Session];
    expect(guest.react('good')).toMatchObject({ ok: false, error: { code: 'NOT_NOW' } });
    sendRaw(lobbyTable, guest, host, { t: 'react', game: 'g', reaction: 'good' });
    await until('dropped in the lobby', () => dropped(host, 'NOT_NOW') === 1);

    const { table, game, ada, bo } = await twoPlaying();
    sendRaw(table, bo, ada, { t: 'react', game: `${game}x`, reaction: 'good' });
    await until('another game’s dropped', () => dropped(ada, 'WRONG_GAME') === 1);
    const stranger = transport(table.network, `${table.room}-x`);
    expect((await stranger.connect(ada.transport.id)).ok).toBe(true);
    stranger.send(ada.transport.id, JSON.stringify({ t: 'react', game, reaction: 'good' }));
    await until('the stranger’s dropped', () => dropped(ada, 'UNKNOWN_PEER') >= 1);
    expect(ada.snapshot.reactions).toEqual([]);
    expect(host.snapshot.reactions).toEqual([]);
  });
});

describe('watchers’ reactions', () => {
  it('without the host’s leave, a watcher’s reaction is refused and dropped at every browser', async () => {
    const { table, game, ada, bo } = await twoPlaying();
    const w = await watcher(table);
    expect(w.snapshot.watchersReact).toBe(false);
    expect(w.react('good')).toMatchObject({ ok: false, error: { code: 'NOT_ALLOWED' } });
    sendRaw(table, w, ada, { t: 'react', game, reaction: 'good' });
    sendRaw(table, w, bo, { t: 'react', game, reaction: 'good' });
    await until('dropped at both', () => [ada, bo].every((s) => dropped(s, 'NOT_ALLOWED') === 1));
    expect([ada, bo, w].map((s) => s.snapshot.reactions)).toEqual([[], [], []]);
  });

  it('with the host’s leave, given at the table, a watcher’s reaction shows everywhere with no seat', async () => {
    const { table, ada, bo } = await twoPlaying();
    const w = await watcher(table);
    expect(bo.allowWatcherReactions(true)).toMatchObject({
      ok: false,
      error: { code: 'NOT_HOST' },
    });
    expect(ada.allowWatcherReactions(true).ok).toBe(true);
    await until('every browser knows', () => [ada, bo, w].every((s) => s.snapshot.watchersReact));
    expect(w.react('wow').ok).toBe(true);
    await until('shown at both', () => [ada, bo].every((s) => shown(s).some(([m]) => m === 'w')));
    expect(shown(bo)).toEqual([['w', 'wow', null]]);
    expect(bo.snapshot.reactions[0]!.name).toBe('Wes');
    // Taken back: a watcher's next one is dropped again.
    expect(ada.allowWatcherReactions(false).ok).toBe(true);
    await until('every browser knows', () => [ada, bo, w].every((s) => !s.snapshot.watchersReact));
  });

  it('a leave given in the lobby is no part of the signed setup (game ids stay as they were)', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      options: MT,
      people: 2,
      timing: TIMING,
    });
    const [ada, bo] = table.sessions as [Session, Session];
    must(ada.allowWatcherReactions(true));
    await until('bo has the draft', () => bo.snapshot.watchersReact);
    await playing(table);
    const setup = ada.segments()[0]!.setup;
    expect('watchersReact' in setup).toBe(false);
    expect(bo.snapshot.watchersReact).toBe(true);
  });

  it('the host’s leave outlives a reload: in the kept lobby and in the stored table', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      options: MT,
      people: 1,
      timing: TIMING,
    });
    const ada = table.sessions[0]!;
    const lobby: StoredLobby = {
      room: table.room,
      member: 'p0',
      name: 'Ada',
      role: 'host',
      via: null,
      signing: '',
      secret: '',
      variant: null,
      options: {},
      members: [],
      bots: [],
      savedAt: Date.now(),
    };
    setUpLobbyDraft(ada, lobby);
    expect(ada.snapshot.watchersReact).toBe(false);
    setUpLobbyDraft(ada, { ...lobby, watchersReact: true });
    expect(ada.snapshot.watchersReact).toBe(true);

    const { table: t2, ada: host } = await twoPlaying();
    let reloads = 0;
    const reload = () =>
      must(
        fromStored(toStored(host, Date.now())!, {
          transport: transport(t2.network, `${t2.room}-p0-back${++reloads}`),
          timing: TIMING,
        }),
      );
    const without = track(reload());
    expect(without.snapshot.watchersReact).toBe(false);
    must(host.allowWatcherReactions(true));
    expect(toStored(host, Date.now())!.settings).toEqual({ watchersReact: true });
    const back = track(reload());
    expect(back.snapshot.watchersReact).toBe(true);
  });
});
