// What the table says of where the game stands (ui/table-status.ts), branch by
// branch on hand-made states, then through TableController's getters on a real
// solo table played to its end.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { variantOf, type BaseState } from '$lib/engine';
import { startLocalTable, type SessionSnapshot, type TableClient } from '$lib/session';
import { load as loadGame } from '$lib/ui/i18n/game';
import { TableController } from '$lib/ui/table.svelte';
import {
  dealingShown,
  statusText,
  waitingText,
  winnersText,
  type TableState,
} from '$lib/ui/table-status';

beforeAll(() => loadGame('en'));

const NAMES = ['Ada', 'Bo', 'Cy'];
const playing: BaseState = {
  ...variantOf('mexican-train').newGame(3, { rounds: 2, set: 6, handSize: 5 }),
  phase: 'playing',
  turn: 1,
};

type TableView = NonNullable<SessionSnapshot['table']>;

/** A snapshot with only what the status reads (the rest is never looked at). */
function snapshot(table: Partial<TableView> | null, phase = 'playing'): SessionSnapshot {
  return {
    phase,
    table: table && { gameOver: false, dealing: null, betweenRounds: null, ...table },
  } as unknown as SessionSnapshot;
}

function state(over: Partial<TableState> = {}): TableState {
  return {
    shown: snapshot({ view: playing }),
    view: playing,
    names: NAMES,
    viewer: 0,
    curtain: null,
    myTurn: false,
    choosing: false,
    autoplay: false,
    ...over,
  };
}

describe('statusText', () => {
  it('before the table opens: seating, or opening', () => {
    expect(statusText(state({ shown: snapshot(null, 'agreeing'), view: null }))).toBe(
      'Seating everyone…',
    );
    expect(statusText(state({ shown: snapshot(null), view: null }))).toBe('Opening the table…');
  });

  it('dealing, the round’s end and the game’s end', () => {
    expect(
      statusText(
        state({
          shown: snapshot({
            view: playing,
            dealing: { stage: 'shuffling', seat: 0, done: 0, total: 3 },
          }),
        }),
      ),
    ).toBe('Dealing…');
    const roundOver = { ...playing, phase: 'roundOver' } as BaseState;
    expect(statusText(state({ view: roundOver }))).toBe('Round over');
    expect(statusText(state({ shown: snapshot({ view: playing, gameOver: true }) }))).toBe(
      'Game over',
    );
  });

  it('whose turn: the player’s own never by name, another seat by theirs', () => {
    expect(statusText(state({ myTurn: true }))).toBe('Your turn');
    expect(statusText(state({ myTurn: true, choosing: true }))).toBe('Choose a tile in secret');
    expect(statusText(state())).toBe('Bo to play');
    const mineShownLate = { ...playing, turn: 0 };
    expect(statusText(state({ view: mineShownLate }))).toBe('Your turn');
    expect(statusText(state({ view: mineShownLate, autoplay: true }))).toBe(
      'Autoplay is playing for you',
    );
    expect(statusText(state({ view: { ...playing, turn: null } }))).toBe('Waiting…');
  });

  it('pass and play: the curtain names whom to pass to', () => {
    expect(statusText(state({ curtain: 2, myTurn: true }))).toBe('Pass to Cy');
  });
});

describe('dealingShown', () => {
  const dealing = { stage: 'locking', seat: 1, done: 1, total: 3 } as const;
  const dealt = (over: Partial<SessionSnapshot> = {}): SessionSnapshot => ({
    ...snapshot({ view: playing, dealing }),
    desync: null,
    ended: null,
    ...over,
  });

  it('the deal’s progress while it goes on; nothing once dealt', () => {
    expect(dealingShown(dealt(), null)).toEqual(dealing);
    expect(dealingShown({ ...dealt(), ...snapshot({ view: playing }) }, null)).toBeNull();
  });

  it('nothing under a panel, nor once play stopped: a desync alarm, the game ended mid-deal', () => {
    expect(dealingShown(dealt(), 'round')).toBeNull();
    const desync = { game: 'g', seq: 3, author: 0, sides: [], detail: 'hashes differ' };
    expect(dealingShown(dealt({ desync }), null)).toBeNull();
    expect(
      dealingShown(dealt({ ended: { reason: 'the host ended the game', scores: [] } }), null),
    ).toBeNull();
  });
});

describe('waitingText', () => {
  it('null during play; between rounds, the seats not ready, then the deal', () => {
    expect(waitingText(snapshot({ view: playing }), NAMES)).toBeNull();
    const between = (ready: boolean[]) =>
      snapshot({ view: playing, betweenRounds: { round: 1, ready } });
    expect(waitingText(between([true, false, false]), NAMES)).toBe('Waiting for Bo and Cy');
    expect(waitingText(between([true, true, false]), ['Ada', 'Bo'])).toBe('Waiting for Seat 3');
    expect(waitingText(between([true, true, true]), NAMES)).toBe('Dealing the next round…');
  });
});

describe('winnersText', () => {
  const over = (winners: number[]) => ({ ...playing, phase: 'gameOver', winners }) as BaseState;
  it('from the viewer’s side', () => {
    expect(winnersText(over([0]), 0, NAMES)).toBe('You win!');
    expect(winnersText(over([0, 2]), 0, NAMES)).toBe('You and Cy win!');
    expect(winnersText(over([1]), 0, NAMES)).toBe('Bo wins!');
    expect(winnersText(over([1, 2]), null, NAMES)).toBe('Bo and Cy win!');
    expect(winnersText(over([]), 0, NAMES)).toBe('The game is over.');
    expect(winnersText(null, 0, NAMES)).toBe('The game is over.');
  });
});

describe('TableController', () => {
  let client: TableClient | null = null;
  let table: TableController | null = null;
  afterEach(() => {
    table?.destroy();
    client?.close();
  });

  it('says whose turn it is, and at the end who won, through its getters', async () => {
    const started = await startLocalTable({
      variant: 'mexican-train',
      options: { rounds: 1, set: 6, handSize: 5 },
      seats: [
        { kind: 'person', name: 'Ada' },
        { kind: 'bot', level: 'easy' },
      ],
      store: null,
    });
    if (!started.ok) throw new Error(started.error.detail);
    client = started.value;
    const t = new TableController(client, { stepMs: 0 });
    table = t;
    const end = Date.now() + 60_000;
    while (!(t.caughtUp && t.myTurn && !t.busy) && t.panel !== 'game') {
      if (Date.now() > end) throw new Error('no turn came');
      await new Promise((r) => setTimeout(r, 10));
    }
    if (t.myTurn) expect(t.status).toBe('Your turn');
    expect(t.waitingFor).toBeNull();
    await t.toggleAutoplay('easy');
    while (t.panel !== 'game') {
      if (Date.now() > end) throw new Error('the game did not end');
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(t.status).toBe('Game over');
    const winners = t.view?.winners ?? [];
    const expected = winners.includes(0)
      ? winners.length === 1
        ? 'You win!'
        : 'You and Bot 1 win!'
      : 'Bot 1 wins!';
    expect(t.winners).toBe(expected);
  });
});
