// The table screen's state on a real local table (the session over the
// in-memory network, not stored): whose hand is shown, legal taps, the engine's
// reason for an illegal one, the move log, pacing, and pass-and-play's curtain.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accelerate } from '$lib/protocol';
import type { TableClient } from '$lib/session';
import { startLocalTable } from '$lib/session';
import type { Cue } from '$lib/ui/sound';
import { motionMs, TableController } from '$lib/ui/table.svelte';
import type { LocalSeatSpec, LocalTableSpec } from '$lib/session';
import { load as loadGame } from '$lib/ui/i18n/game';
import { current } from '$lib/ui/i18n/locale.svelte';

// The table's words in English unless a test says otherwise.
// Dealt on the crypto accelerator (the same results as the pure-JS path:
// tests/protocol/group-accelerator.test.ts), as table-busy and table-controls.
beforeAll(async () => {
  await accelerate();
  await loadGame('en');
});

const open: { client: TableClient; table: TableController }[] = [];

afterEach(() => {
  for (const o of open.splice(0)) {
    o.table.destroy();
    o.client.close();
  }
});

async function table(
  spec: Omit<LocalTableSpec, 'store'>,
  stepMs = 0,
): Promise<{ client: TableClient; table: TableController }> {
  const started = await startLocalTable({ ...spec, store: null });
  if (!started.ok) throw new Error(started.error.detail);
  const client = started.value;
  const t = new TableController(client, { stepMs });
  open.push({ client, table: t });
  return { client, table: t };
}

/** Waits for `cond`; conditions on what may be played also wait for the screen to catch up (`caughtUp`: at the instant pace snapshots are shown once per 16 ms). */
async function until(cond: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const me: LocalSeatSpec = { kind: 'person', name: 'Ada' };

describe('TableController', () => {
  it('shows the person’s hand and plays a legal tile by tapping it (railominos)', async () => {
    const { table: t } = await table({
      variant: 'railominos',
      options: { rounds: 1 },
      seats: [me, { kind: 'bot', level: 'easy' }],
    });
    await until(() => t.caughtUp && ((t.myTurn && !t.busy) || t.shown.table?.gameOver === true));
    expect(t.viewer).toBe(0);
    expect(t.passAndPlay).toBe(false);
    expect(t.hand.length).toBeGreaterThan(0);
    const tile = t.hand.find((x) => t.usable(x, 'hand'));
    if (tile === undefined) {
      await t.act('pass');
    } else {
      expect(t.tileLabel(tile, 'hand')).toMatch(/playable on the (west|east) end/);
      await t.pickTile(tile);
      if (t.selected) await t.pickTarget(t.targets[0] ?? 'east');
      await until(() => t.log.some((l) => l.text.startsWith('You played')));
    }
    expect(t.notice).toBeNull();
    expect(t.log[0]?.text).toBe('Round 1 is dealt.');
  });

  it('says why a tile cannot be played, with the rule id', async () => {
    const { table: t } = await table({
      variant: 'mexican-train',
      options: { rounds: 1, set: 9, handSize: 7 },
      seats: [me, { kind: 'bot', level: 'easy' }],
    });
    // Answer the call-down honestly until it is a turn with a tile that cannot go.
    await until(() => t.caughtUp && t.myTurn && !t.busy);
    for (let i = 0; i < 40; i++) {
      await until(() => t.caughtUp && ((t.myTurn && !t.busy) || t.shown.table?.gameOver === true));
      if (t.shown.table?.gameOver) return;
      const blocked = t.hand.find((x) => !t.usable(x, 'hand'));
      if (
        t.declares.length === 0 &&
        blocked !== undefined &&
        t.legal.some((m) => m.type !== 'declare')
      ) {
        await t.pickTile(blocked);
        expect(t.notice?.kind).toBe('error');
        expect(t.notice?.rule).toMatch(/^(MT|C)-\d+$/);
        expect(t.live).toContain(t.notice?.rule ?? '?');
        return;
      }
      const move = t.declares.find((d) => d.tile !== null) ?? t.legal[0];
      if (move) await t.send(move);
    }
  });

  it('keeps each bot move on screen for the chosen pace', async () => {
    const started = await startLocalTable({
      variant: 'railominos',
      options: { rounds: 1 },
      seats: [me, { kind: 'bot', level: 'easy' }, { kind: 'bot', level: 'easy' }],
      store: null,
    });
    if (!started.ok) throw new Error(started.error.detail);
    const shownAt: number[] = [];
    const t = new TableController(
      started.value,
      { stepMs: 150 },
      {
        onPlay: () => shownAt.push(performance.now()),
      },
    );
    open.push({ client: started.value, table: t });
    await t.toggleAutoplay('easy');
    await until(() => shownAt.length >= 6 || t.shown.table?.gameOver === true);
    const gaps = shownAt.slice(1).map((x, i) => x - (shownAt[i] ?? x));
    expect(gaps.length).toBeGreaterThan(2);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(145);
  });

  it('pass and play: a curtain before each person’s turn, and only their hand after it', async () => {
    const { table: t } = await table({
      variant: 'railominos',
      options: { rounds: 1 },
      seats: [me, { kind: 'person', name: 'Bea' }],
    });
    expect(t.passAndPlay).toBe(true);
    await until(() => t.caughtUp && t.curtain !== null);
    expect(t.hand).toEqual([]);
    const first = t.curtain;
    t.reveal();
    expect(t.viewer).toBe(first);
    expect(t.curtain).toBeNull();
    expect(t.hand.length).toBe(7);
    const move = t.legal[0];
    if (!move) throw new Error('no move');
    await t.send(move);
    await until(() => t.caughtUp && t.curtain !== null);
    expect(t.curtain).not.toBe(first);
    expect(t.hand).toEqual([]);
  });

  it('drag and drop: a carried tile lights its targets, plays on one, and goes back elsewhere', async () => {
    const { table: t } = await table({
      variant: 'railominos',
      options: { rounds: 1 },
      seats: [me, { kind: 'bot', level: 'easy' }],
    });
    let refused = false;
    let played = false;
    for (let turn = 0; turn < 30 && !(refused && played); turn++) {
      await until(() => t.caughtUp && ((t.myTurn && !t.busy) || t.shown.table?.gameOver === true));
      if (t.shown.table?.gameOver) break;
      const blocked = t.hand.find((x) => !t.usable(x, 'hand'));
      const tile = t.hand.find((x) => t.usable(x, 'hand'));
      const before = t.hand.length;
      if (blocked !== undefined && !refused) {
        // Nothing to carry: the drag does not start, nothing glows.
        expect(t.drag(blocked, 'hand')).toBe(false);
        expect(t.selected).toBeNull();
        // Dropped on a place anyway: the engine's reason, with its rule id.
        await t.drop(blocked, 'hand', null, 'east');
        expect(t.notice?.kind).toBe('error');
        expect(t.notice?.rule).toMatch(/^(R|C)-\d+$/);
        expect(t.live).toContain(t.notice?.rule ?? '?');
        expect(t.hand.length).toBe(before);
        refused = true;
      }
      if (tile === undefined) {
        await t.act('pass');
        continue;
      }
      expect(t.drag(tile, 'hand')).toBe(true);
      expect(t.selected).toEqual({ tile, from: 'hand' });
      const targets = [...t.targets];
      expect(targets.length).toBeGreaterThan(0);
      // Dropped off the board: it goes back and the player is told what to do.
      await t.drop(tile, 'hand', null, null);
      expect(t.selected).toBeNull();
      expect(t.notice).toMatchObject({ kind: 'info', rule: null });
      expect(t.notice?.text).toMatch(/^Drop .+ on a glowing place, or tap it\.$/);
      expect(t.hand.length).toBe(before);
      // Dropped on a glowing target: played there.
      t.drag(tile, 'hand');
      const logged = t.log.length;
      await t.drop(tile, 'hand', targets[0] ?? null, targets[0] ?? null);
      await until(() => t.log.slice(logged).some((l) => l.text.startsWith('You played')));
      expect(t.hand).not.toContain(tile);
      played = true;
    }
    expect(played).toBe(true);
    expect(refused).toBe(true);
  });

  it('cues a sound for plays, draws, your turn, the round’s end and a refusal', async () => {
    const started = await startLocalTable({
      variant: 'mexican-train',
      options: { rounds: 1, set: 6, handSize: 4 },
      seats: [me, { kind: 'bot', level: 'easy' }],
      store: null,
    });
    if (!started.ok) throw new Error(started.error.detail);
    const cues: Cue[] = [];
    let plays = 0;
    const t = new TableController(
      started.value,
      { stepMs: 0 },
      { onCue: (c) => cues.push(c), onPlay: () => plays++ },
    );
    open.push({ client: started.value, table: t });
    await until(() => t.caughtUp && t.myTurn && !t.busy);
    expect(cues).toContain('turn');
    // Not a move this seat may make now: refused, and the alarm sounds.
    await t.send({ seat: 0, type: 'pass' });
    expect(t.notice?.kind).toBe('error');
    expect(cues.at(-1)).toBe('alarm');
    await t.toggleAutoplay('easy');
    await until(() => t.shown.table?.gameOver === true || t.shown.table?.betweenRounds != null);
    expect(cues.filter((c) => c === 'play').length).toBe(plays);
    expect(plays).toBeGreaterThan(0);
    // A draw is heard whenever someone drew (a short random round may have none).
    const drew = t.log.some((l) => / drew /.test(l.text));
    expect(cues.includes('draw')).toBe(drew);
    expect(cues.filter((c) => c === 'roundEnd')).toHaveLength(1);
    // The hands left are kept for the round panel: every tile known here (the bot runs here).
    const hands = t.results.at(-1)?.hands ?? [];
    expect(hands).toHaveLength(2);
    expect(hands.flat().every((x) => x !== null)).toBe(true);
    expect(hands.some((h) => h.length > 0)).toBe(true);
  });

  it('animations last their base time at the normal pace, none when instant or reduced', () => {
    expect(motionMs(400, { stepMs: 650 })).toBe(400);
    expect(motionMs(400, { stepMs: 250 })).toBe(200);
    expect(motionMs(400, { stepMs: 1100 })).toBe(560);
    expect(motionMs(400, { stepMs: 0 })).toBe(0);
    expect(motionMs(400, { stepMs: 650, reducedMotion: true })).toBe(0);
  });
});

describe('the move log after a change of language', () => {
  it('is said again in the new language, line for line', async () => {
    const { table: t } = await table({
      variant: 'mexican-train',
      options: { rounds: 1, set: 6, handSize: 5 },
      seats: [me, { kind: 'bot', level: 'easy' }],
    });
    await until(() => t.log.length >= 1);
    const english = t.log.map((l) => l.text);
    const ids = t.log.map((l) => l.id);
    await loadGame('es');
    current.locale = 'es';
    try {
      t.relocalize();
      const spanish = t.log.slice(0, english.length);
      expect(spanish.map((l) => l.id)).toEqual(ids);
      expect(spanish.map((l) => l.text)).not.toEqual(english);
      expect(spanish[0]!.text).not.toBe(english[0]);
    } finally {
      current.locale = 'en';
    }
  });
});
