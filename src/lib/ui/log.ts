// The move log: the moves the session records for the round (`TableView.moves`)
// put into words in the rules' notation ("Ann played 12-5 on Bo's train"),
// with what only the views show (the deal, markers, scores, a last tile).
import {
  boardOf,
  variantOf,
  type BaseState,
  type Move,
  type Seat,
  type Target,
  type TileId,
} from '$lib/engine';
import { seatName, targetWords, tileSetOf, tileText, tileWords, type SeatNames } from './tiles';

export interface LogLine {
  /** Distinct per line, for keyed lists. */
  readonly id: number;
  readonly round: number;
  readonly seat: Seat | null;
  readonly text: string;
  /** The C-2 notation of the move, when it is a play (`12-5 → p1`). */
  readonly notation: string | null;
}

export interface Change {
  readonly lines: readonly Omit<LogLine, 'id'>[];
  /** The last tile laid, for the board to slide in. */
  readonly play: { readonly tile: TileId; readonly target: Target } | null;
}

const NONE: Change = { lines: [], play: null };

function handSize(view: BaseState, seat: Seat): number {
  return view.hands[seat]?.length ?? 0;
}

function scoreWords(view: BaseState, names: SeatNames): string {
  return view.scores.map((s, i) => `${seatName(names, i)} ${s}`).join(', ');
}

/**
 * What happened between `prev` and `next` (two views of one table), as log
 * lines: `moves` are the moves made in between, from the session's record of
 * the round (`TableView.moves`); the views only add what moves do not say (the
 * deal, a marker raised, scores, a hand down to one tile). `viewer` is the seat
 * reading it ("your train").
 */
export function describeChange(
  prev: BaseState | null,
  next: BaseState,
  names: SeatNames,
  viewer: Seat | null,
  moves: readonly Move[] = [],
): Change {
  if (!prev) return NONE;
  const round = next.round;
  const lines: Omit<LogLine, 'id'>[] = [];
  const say = (seat: Seat | null, text: string, notation: string | null = null) =>
    lines.push({ round, seat, text, notation });

  if (next.round !== prev.round) {
    if (next.phase === 'gameOver') say(null, 'Game over.');
    else openingLines(null, next, names, viewer, moves, say);
    return { lines, play: null };
  }
  if (prev.phase === 'deal' && next.phase !== 'deal') {
    say(null, `Round ${round} is dealt.`);
    const board = boardOf(next);
    const leader = board.shape === 'line' ? board.state.layout?.leader.tile : undefined;
    if (leader !== undefined) {
      const name = tileText(tileSetOf(next), leader);
      say(null, `${name} is turned up as the leader.`, name);
    }
  }

  const set = tileSetOf(next);
  const who = (seat: Seat | null) =>
    seat === null ? 'Someone' : seat === viewer ? 'You' : seatName(names, seat);
  const does = (seat: Seat | null, you: string, they: string) => (seat === viewer ? you : they);
  const laidAs = boardOf(next).shape === 'platform' ? 'as the platform' : 'as the engine';
  const yards = (v: BaseState, seat: Seat) => variantOf(v.variant).yard?.(v, seat).length ?? 0;
  let play: Change['play'] = null;

  for (const [i, move] of moves.entries()) {
    const seat = move.seat;
    const last = i === moves.length - 1;
    switch (move.type) {
      case 'play': {
        const name = tileText(set, move.tile);
        const where = targetWords(next, move.target, viewer, names);
        const yard = move.from === 'yard' ? ' from the score yard' : '';
        say(seat, `${who(seat)} played ${name}${yard} on ${where}.`, `${name} → ${move.target}`);
        play = { tile: move.tile, target: move.target };
        break;
      }
      case 'draw': {
        const intoYard = last && yards(next, seat) > yards(prev, seat);
        say(seat, `${who(seat)} drew a tile${intoYard ? ' into the score yard' : ''}.`);
        break;
      }
      case 'pass': {
        const marked = last && markerRaised(prev, next, seat);
        say(seat, marked ? `${who(seat)} passed; a marker goes out.` : `${who(seat)} passed.`);
        break;
      }
      case 'removeTrack':
        say(seat, `${who(seat)} removed track.`);
        break;
      case 'choose':
        // The tile stays secret until the round reveals it (E-2).
        say(seat, seat === viewer ? 'You made your secret choice.' : 'A secret choice was made.');
        break;
      case 'declare': {
        if (move.tile !== null) {
          const name = tileText(set, move.tile);
          say(seat, `${who(seat)} laid ${name} ${laidAs}.`, name);
          break;
        }
        const called = variantOf(prev.variant).called?.(prev);
        const double = called ? `the ${tileWords(set, called.tile)}` : 'the double called';
        say(seat, `${who(seat)} ${does(seat, 'do', 'does')} not hold ${double}.`);
        break;
      }
    }
  }

  openingLines(prev, next, names, viewer, moves, say);
  if (prev.phase !== next.phase) {
    if (next.phase === 'roundOver' || next.phase === 'gameOver') {
      say(null, `Round ${round} is over. ${scoreWords(next, names)}.`);
      if (next.phase === 'gameOver') say(null, 'Game over.');
    }
  }
  const mover = moves.at(-1)?.seat ?? null;
  // Points scored in play: no other variant's scores move before the round ends.
  if (mover !== null) {
    const gained = (next.scores[mover] ?? 0) - (prev.scores[mover] ?? 0);
    if (gained > 0 && next.phase === 'playing')
      say(mover, `${who(mover)} ${does(mover, 'score', 'scores')} ${gained}.`);
  }
  // A hand down to one tile is knocked for everyone to see (C-6).
  for (let s = 0; s < next.players; s++) {
    if (handSize(next, s) === 1 && handSize(prev, s) > 1 && next.phase === 'playing') {
      say(s, `${who(s)} ${does(s, 'have', 'has')} one tile left!`);
    }
  }
  return { lines, play };
}

type Say = (seat: Seat | null, text: string, notation?: string | null) => void;

/** The tile that opens a round's lanes: the engine, the platform, the main station. */
function openingTile(view: BaseState): TileId | null {
  const board = boardOf(view);
  switch (board.shape) {
    case 'hub':
      return board.state.engine;
    case 'platform':
      return board.state.platform;
    case 'station':
      return board.state.station;
    case 'line':
      return null;
  }
}

/**
 * What opens a round without a move saying so: an engine the rules lay (TT-3,
 * or one no `declare` in `moves` names), Engine 191's revealed choices and main
 * station (E-2), or its redeal when no double was revealed.
 */
function openingLines(
  prev: BaseState | null,
  next: BaseState,
  names: SeatNames,
  viewer: Seat | null,
  moves: readonly Move[],
  say: Say,
): void {
  const set = tileSetOf(next);
  const who = (seat: Seat) => (seat === viewer ? 'you' : seatName(names, seat));
  const board = boardOf(next);
  if (board.shape === 'station') {
    if (prev?.phase === 'setup' && next.phase === 'deal' && prev.round === next.round) {
      say(null, 'No double was revealed (E-2): the round is dealt again.');
    }
  }
  // A view being dealt still holds the last round's engine: nothing is laid yet.
  const laid = (v: BaseState | null) =>
    v === null || v.phase === 'deal' || v.round !== next.round ? null : openingTile(v);
  const tile = laid(next);
  if (tile === null || laid(prev) !== null) return;
  if (moves.some((m) => m.type === 'declare' && m.tile === tile)) return;
  const name = tileText(set, tile);
  const starts =
    next.turn === null ? '' : `; ${who(next.turn)} ${next.turn === viewer ? 'start' : 'starts'}`;
  switch (board.shape) {
    case 'station': {
      const chosen = board.state.chosen;
      const shown = chosen.flatMap((t, s) => (t === null ? [] : [`${who(s)} ${tileText(set, t)}`]));
      if (shown.length > 0) say(null, `Revealed: ${capital(shown.join(', '))}.`);
      say(next.turn, `${name} is the main station (E-2)${starts}.`, name);
      return;
    }
    case 'platform':
      say(null, `${name} is laid as the platform (DT-2)${starts}.`, name);
      return;
    default: {
      // TT-3 lays a fixed engine; MT-2 calls it down: the rule that sets the game's length.
      const rule = variantOf(next.variant).length(next.players, next.options).rule;
      say(null, `${name} is laid as the engine (${rule})${starts}.`, name);
    }
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function markerRaised(prev: BaseState, next: BaseState, seat: Seat): boolean {
  const marker = (v: BaseState) => {
    const board = boardOf(v);
    return (
      (board.shape === 'hub' || board.shape === 'platform') && !!board.state.trains[seat]?.marker
    );
  };
  return !marker(prev) && marker(next);
}
