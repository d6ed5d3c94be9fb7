// E-2: each seat chooses one tile per deal, face down. Once a person's choice is
// taken, the table offers nothing more to press for it, and a second, different
// choice is refused (it once signed a second entry for the place and the table
// waited for good).
import { describe, expect, it } from 'vitest';
import { startLocalTable, type TableClient } from '$lib/session';
import { settled, track, until } from './harness';

async function soloEngine191(): Promise<TableClient> {
  const started = await settled(
    startLocalTable({
      variant: 'engine-191',
      seats: [
        { kind: 'person', name: 'Ada' },
        { kind: 'bot', level: 'easy' },
      ],
      store: null,
    }),
  );
  if (!started.ok) throw new Error(started.error.detail);
  track(started.value);
  return started.value;
}

const mine = (client: TableClient) => client.snapshot.table?.local.find((l) => l.seat === 0);

describe('E-2: a person chooses once per deal', () => {
  it('after the choice, no choose is offered and a different one is refused; play goes on', async () => {
    const client = await soloEngine191();
    await until(
      'the choice is due',
      () => mine(client)?.legal.some((m) => m.type === 'choose') ?? false,
    );
    const [first, second] = (mine(client)?.legal ?? []).filter((m) => m.type === 'choose');
    if (first?.type !== 'choose' || second?.type !== 'choose')
      throw new Error('two tiles to choose from');
    expect(await settled(client.move(0, first))).toEqual({ ok: true, value: true });
    expect(mine(client)?.chosen).toBe(first.tile);
    expect(mine(client)?.legal ?? []).toEqual([]);
    const again = await settled(client.move(0, second));
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.code).toBe('NOT_NOW');
    // The choices are shown and play begins (after a redeal when they tie: choose again).
    await until('play begins', () => {
      const choose = mine(client)?.legal.find((m) => m.type === 'choose');
      if (choose) void client.move(0, choose);
      return client.snapshot.table?.view.phase === 'playing';
    });
    await until('a move for the person', () => (mine(client)?.legal.length ?? 0) > 0);
  });
});
