// MT-2 / DT-2: a person is answered for when the called double cannot be in
// their hand ("I don't hold it" is public either way); they act only to open
// with a double they hold. The answer counts as a move on its way (`busy`). In
// pass and play, the curtain never asks for the device for an answer given for
// its person (it flashed their name, then the next person's).
import { afterEach, beforeAll, expect, it } from 'vitest';
import { accelerate } from '$lib/protocol';
import type { Move } from '$lib/engine';
import {
  startLocalTable,
  type LocalTableSpec,
  type SessionSnapshot,
  type TableClient,
} from '$lib/session';
import { TableController } from '$lib/ui/table.svelte';
import { load as loadGame } from '$lib/ui/i18n/game';

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

async function until(cond: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A local table with these seats and its screen, whose client is seen through
 * `hooks`: each move the screen sends, and each snapshot once the screen has taken it.
 */
async function watchedTable(
  variant: 'mexican-train' | 'derailing-the-train',
  seats: LocalTableSpec['seats'],
  hooks: {
    move?: (move: Move, screen: TableController | null) => void;
    snapshot?: (screen: TableController) => void;
  },
): Promise<TableController> {
  let screen: TableController | null = null;
  const started = await startLocalTable({ variant, seats, store: null });
  if (!started.ok) throw new Error(started.error.detail);
  const client = started.value;
  const spy = new Proxy(client, {
    get(target, prop) {
      if (prop === 'move')
        return (seat: number, move: Move) => {
          hooks.move?.(move, screen);
          return target.move(seat, move);
        };
      if (prop === 'subscribe')
        return (listener: (s: SessionSnapshot) => void) =>
          target.subscribe((s) => {
            listener(s);
            if (screen) hooks.snapshot?.(screen);
          });
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  screen = new TableController(spy, { stepMs: 0 });
  open.push({ client, table: screen });
  return screen;
}

for (const variant of ['mexican-train', 'derailing-the-train'] as const) {
  it(
    `${variant}: the call-down asks the player only about a double they hold`,
    { timeout: 180_000 },
    async () => {
      const sent: Move[] = [];
      /** Positions at which "none" was answered for the player. */
      const answeredAt = new Set<number>();
      const t = await watchedTable(
        variant,
        [
          { kind: 'person', name: 'Ada' },
          { kind: 'bot', level: 'easy' },
          { kind: 'bot', level: 'easy' },
        ],
        {
          move: (move, screen) => {
            sent.push(move);
            if (move.type === 'declare' && move.tile === null) {
              answeredAt.add(screen?.shown.table?.seq ?? -1);
            }
          },
        },
      );
      let pressed = 0;
      await until(() => {
        const phase = t.myView?.phase;
        if (phase === 'playing' || phase === 'roundOver') return true;
        // The only call-down buttons are for a held double; "none" never is one.
        expect(t.declareChoices.every((d) => d.tile !== null)).toBe(true);
        // Answered for the player, the position is busy until the table moves on.
        if (answeredAt.has(t.shown.table?.seq ?? -1)) expect(t.busy).toBe(true);
        const [hold] = t.declareChoices;
        if (hold && t.caughtUp && !t.busy && pressed === 0) {
          pressed++;
          void t.send(hold);
        }
        return false;
      }, 120_000);
      // Each "none" the player gave was sent for them; the notice stayed clear.
      const answers = sent.filter((m) => m.type === 'declare');
      expect(answers.filter((m) => m.type === 'declare' && m.tile !== null).length).toBe(pressed);
      expect(t.notice).toBeNull();
    },
  );
}

it(
  'MT-2, pass and play: the curtain never names a person whose only move is the answer given for them',
  {
    timeout: 180_000,
  },
  async () => {
    let answeredForSomeone = 0;
    for (let table = 0; table < 4; table++) {
      const named: string[] = [];
      // Looked at after each snapshot the screen takes (a curtain shown between two polls counts).
      const t = await watchedTable(
        'mexican-train',
        [
          { kind: 'person', name: 'Ada' },
          { kind: 'person', name: 'Bo' },
          { kind: 'person', name: 'Cy' },
        ],
        {
          snapshot: (screen) => {
            const seat = screen.curtain;
            const [only, ...rest] = screen.persons.find((p) => p.seat === seat)?.legal ?? [];
            if (
              seat !== null &&
              rest.length === 0 &&
              only?.type === 'declare' &&
              only.tile === null
            )
              named.push(`seat ${seat} at ${screen.shown.table?.seq}`);
          },
        },
      );
      await until(() => {
        const phase = t.shown.table?.view.phase;
        if (phase === 'playing' || phase === 'roundOver') return true;
        // The person the curtain names holds the called double: they open with it.
        const [hold] = t.declareChoices;
        if (t.curtain !== null) t.reveal();
        else if (hold && t.caughtUp && !t.busy) void t.send(hold);
        return false;
      }, 120_000);
      answeredForSomeone +=
        t.shown.table?.moves.filter((m) => m.move.type === 'declare' && m.move.tile === null)
          .length ?? 0;
      expect(named).toEqual([]);
    }
    // Some person here was answered for (the case looked at did come up).
    expect(answeredForSomeone).toBeGreaterThan(0);
  },
);
