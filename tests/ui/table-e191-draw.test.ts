// Issue 31: Engine 191's Draw and Remove track (shown face up before the move,
// E-9, E-4) are taken from the table like any other legal move.
import { afterEach, beforeAll, expect, it } from 'vitest';
import { startLocalTable, type TableClient } from '$lib/session';
import { TableController } from '$lib/ui/table.svelte';
import { load as loadGame } from '$lib/ui/i18n/game';

beforeAll(() => loadGame('en'));
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

it('Engine 191 solo: Draw on the first normal turn puts a tile in the yard and shrinks the boneyard', async () => {
  const started = await startLocalTable({
    variant: 'engine-191',
    options: {},
    seats: [
      { kind: 'person', name: 'Ada' },
      { kind: 'bot', level: 'easy' },
    ],
    store: null,
  });
  if (!started.ok) throw new Error(started.error.detail);
  const t = new TableController(started.value, { stepMs: 0 });
  open.push({ client: started.value, table: t });
  // E-2: the secret choice (again after a redeal), then moves until a turn may draw.
  for (let i = 0; i < 40 && !t.move('draw'); i++) {
    await until(() => t.caughtUp && t.myTurn && !t.busy);
    const move = t.move('draw') ? null : t.legal[0];
    if (!move) break;
    await t.send(move);
    expect(t.notice).toBeNull();
    if (move.type === 'choose') await until(() => !t.legal.some((m) => m.type === 'choose'));
  }
  const view = () => t.myView;
  const boneyard = view()?.boneyard.length ?? 0;
  const moves = view()?.moveIndex ?? 0;
  await t.act('draw');
  expect(t.notice).toBeNull();
  await until(() => t.caughtUp && (view()?.moveIndex ?? 0) > moves);
  expect(view()?.boneyard.length).toBe(boneyard - 1);
});
