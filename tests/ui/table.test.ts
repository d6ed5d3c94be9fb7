// The table screen's state on a real local table (the session over the
// in-memory network, not stored): whose hand is shown, legal taps, the engine's
// reason for an illegal one, the move log, pacing, and pass-and-play's curtain.
import { afterEach, describe, expect, it } from 'vitest';
import type { TableClient } from '$lib/session';
import { startLocalTable } from '$lib/session';
import { TableController } from '$lib/ui/table.svelte';
import type { LocalSeatSpec, LocalTableSpec } from '$lib/session';

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
    await until(() => t.myTurn || t.shown.table?.gameOver === true);
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
    await until(() => t.myTurn);
    for (let i = 0; i < 40; i++) {
      await until(() => t.myTurn || t.shown.table?.gameOver === true);
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
    await until(() => t.curtain !== null);
    expect(t.hand).toEqual([]);
    const first = t.curtain;
    t.reveal();
    expect(t.viewer).toBe(first);
    expect(t.curtain).toBeNull();
    expect(t.hand.length).toBe(7);
    const move = t.legal[0];
    if (!move) throw new Error('no move');
    await t.send(move);
    await until(() => t.curtain !== null);
    expect(t.curtain).not.toBe(first);
    expect(t.hand).toEqual([]);
  });
});
