// The table stays busy until the person's move is ordered (issue 30, finding 4):
// not only while the session takes it. A move sent but not yet ordered is the
// session's `pending`, and another tap then would sign a second entry for the
// same position; so the controls stay off until the entry is in the log.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { accelerate } from '$lib/protocol';
import type { Session } from '$lib/session';
import { clientFor } from '$lib/session/tables/client';
import { load as loadGame } from '$lib/ui/i18n/game';
import { TableController } from '$lib/ui/table.svelte';
import { closeTracked, openTable, startAutoplay, turnOf, until } from '../session/harness';

beforeAll(async () => {
  await accelerate();
  await loadGame('en');
});
afterEach(closeTracked);

it('stays busy while the move is pending at the host, and not after it is ordered', async () => {
  const t = await openTable({
    variant: 'mexican-train',
    people: 2,
    options: { rounds: 1, set: 5, handSize: 4 },
    seed: 340,
  });
  const [host, guest] = t.sessions as [Session, Session];
  await startAutoplay(t, 'easy', [1]);
  await turnOf(guest, 1);
  // The host holds the guest's submissions for a while.
  const held: (() => void)[] = [];
  let holding = true;
  const deliver = t.network.deliver.bind(t.network);
  t.network.deliver = (from, to, link, data) => {
    const submit = typeof data === 'string' && data.startsWith('{"t":"submit"');
    if (submit && from === guest.transport.id && holding) {
      held.push(() => deliver(from, to, link, data));
    } else deliver(from, to, link, data);
  };
  const screen = new TableController(clientFor(guest), { stepMs: 0 });
  try {
    await until('the screen shows seat 1 to move', () => screen.viewer === 1 && screen.myTurn);
    const seq = host.ledger!.seq;
    await screen.send(guest.snapshot.table!.local[0]!.legal[0]!);
    await until('the screen knows it is pending', () => screen.latest.pending !== undefined);
    expect(screen.busy).toBe(true);
    holding = false;
    for (const send of held.splice(0)) send();
    await until('the move ordered', () => guest.ledger!.seq > seq);
    await until('not busy', () => !screen.busy, 5_000);
  } finally {
    screen.destroy();
  }
});
