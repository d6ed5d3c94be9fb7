// The tampered test build (play/tamper.ts) cheats at the seat's first move of the
// round proper, whatever that move is: a seat with nothing to play only draws and
// passes, and the browser test that watches the others refuse the cheat then
// never saw one (online-tamper.spec).
import 'fake-indexeddb/auto';
import { afterEach, expect, it, vi } from 'vitest';
import type { Session } from '$lib/session';
import { closeTracked, openTable, startAutoplay, turnOf } from './harness';

afterEach(() => {
  closeTracked();
  vi.unstubAllEnvs();
});

it('a seat that would draw plays a tile it was not dealt instead, once, and the rules refuse it', async () => {
  vi.stubEnv('VITE_TRAINYARD_TAMPER', 'tile');
  vi.resetModules();
  const { TAMPER, tamperedDraft } = await import('$lib/session/play/tamper');
  expect(TAMPER).toBe(true);
  const table = await openTable({
    variant: 'mexican-train',
    people: 2,
    options: { rounds: 1, set: 6, handSize: 5 },
    seed: 41,
  });
  const [, cheat] = table.sessions as [Session, Session];
  await startAutoplay(table, 'easy', [1]);
  await turnOf(cheat, 1);
  const state = cheat.ledger!.table(1)!;
  const draft = tamperedDraft(state, { seat: 1, type: 'draw' });
  expect(draft?.kind).toBe('move');
  const move = (draft?.body as { move: { seat: number; type: string; tile: number } }).move;
  expect(move).toMatchObject({ seat: 1, type: 'play' });
  expect(state.view.hands[1]!.map((c) => c.tile)).not.toContain(move.tile);
  const verdict = state.variant.validate(state.view, move as never);
  expect(verdict).toMatchObject({ kind: 'illegal', error: { rule: 'MT-5' } });
  // Once only.
  expect(tamperedDraft(state, { seat: 1, type: 'draw' })).toBeNull();
});
