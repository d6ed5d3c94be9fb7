// What the table says of where the game stands, in the active language: the
// header's status (whose turn, dealing, over), whom the round's end waits for,
// and who won. Read off the table controller's state (TableController's getters).
import type { BaseState, Seat } from '$lib/engine';
import type { DealingProgress, SessionSnapshot } from '$lib/session';
import game from './i18n/game';
import { list } from './i18n/format';

/** What the status is read from: the controller's getters of the same names. */
export interface TableState {
  readonly shown: SessionSnapshot;
  readonly view: BaseState | null;
  readonly names: readonly string[];
  readonly viewer: Seat | null;
  readonly curtain: Seat | null;
  readonly myTurn: boolean;
  readonly choosing: boolean;
  readonly autoplay: boolean;
}

/** The header's one line: seating, dealing, whose turn, the round's or game's end. */
export function statusText(t: TableState): string {
  const tv = t.shown.table;
  const view = t.view;
  if (!tv || !view)
    return t.shown.phase === 'agreeing' ? game.status_seating() : game.status_opening();
  if (tv.gameOver || view.phase === 'gameOver') return game.status_game_over();
  if (tv.dealing || view.phase === 'deal') return game.status_dealing();
  if (view.phase === 'roundOver') return game.status_round_over();
  if (t.curtain !== null) return game.status_pass_to({ name: t.names[t.curtain] ?? '' });
  if (t.myTurn) return t.choosing ? game.status_choose_secret() : game.status_your_turn();
  if (t.autoplay && view.turn === t.viewer) return game.status_autoplay();
  // Never the player's own name: their move may be on its way or not shown yet.
  if (view.turn !== null && view.turn === t.viewer) return game.status_your_turn();
  if (view.turn !== null)
    return game.status_to_play({ name: t.names[view.turn] ?? game.someone() });
  return game.status_waiting();
}

/**
 * The deal in progress to show over the board: none under the round's or the
 * game's panel, nor once play has stopped (a desync alarm, or the game ended mid-deal),
 * where it would hide the alarm and wait for steps that will not come.
 */
export function dealingShown(
  shown: SessionSnapshot,
  panel: 'game' | 'round' | null,
): DealingProgress | null {
  if (panel !== null || shown.desync !== null || shown.ended !== null) return null;
  return shown.table?.dealing ?? null;
}

/** Between rounds: whom the next deal waits for, or that it is coming (null during play). */
export function waitingText(latest: SessionSnapshot, names: readonly string[]): string | null {
  const b = latest.table?.betweenRounds;
  if (!b) return null;
  const waiting = b.ready.flatMap((r, seat) =>
    r ? [] : [names[seat] ?? game.seat_n({ n: seat + 1 })],
  );
  return waiting.length > 0
    ? game.waiting_for({ names: list(waiting) })
    : game.dealing_next_round();
}

/** The game's end: "You won", "You and Ada won", "Ada and Bo won" (or a plain "Game over"). */
export function winnersText(
  view: BaseState | null,
  viewer: Seat | null,
  names: readonly string[],
): string {
  if (!view || view.winners.length === 0) return game.game_over_plain();
  const mine = viewer !== null && view.winners.includes(viewer);
  const others = view.winners.filter((s) => s !== viewer).map((s) => names[s] ?? '');
  if (mine && others.length === 0) return game.winners_you();
  if (mine) return game.winners_you_and({ names: list(others) });
  return game.winners({ names: list(others), count: others.length });
}
