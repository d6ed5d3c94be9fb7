// The move log: what the engine says each step of the round did (its events,
// `TableView.steps`) put into words in the rules' notation ("Ann played 12-5
// on Bo's train"), each line with the rule it follows. The same lines are
// announced to screen readers.
import type { BaseState, GameEvent, Seat, Target, TileId } from '$lib/engine';
import type { TableStep } from '$lib/session';
import { seatName, targetWords, tileSetOf, tileText, tileWords, type SeatNames } from './tiles';

export interface LogLine {
  /** Distinct per line, for keyed lists. */
  readonly id: number;
  readonly round: number;
  readonly seat: Seat | null;
  readonly text: string;
  /** The C-2 notation of the move, when it is a play (`12-5 → p1`). */
  readonly notation: string | null;
  /** The rule the event follows (MT-7, DT-2…). */
  readonly rule: string | null;
}

export interface Change {
  readonly lines: readonly Omit<LogLine, 'id'>[];
  /** The last tile laid, for the board to slide in. */
  readonly play: { readonly tile: TileId; readonly target: Target } | null;
  /** A tile was drawn (for a sound). */
  readonly drew: boolean;
  /** A round ended (for a sound). */
  readonly roundOver: boolean;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The steps' events as log lines, read on `view` (the view after them: its tile
 * set and lane names); `viewer` is the seat reading it ("your train").
 */
export function describeSteps(
  steps: readonly TableStep[],
  view: BaseState,
  names: SeatNames,
  viewer: Seat | null,
): Change {
  const events = steps.flatMap((s) => s.events);
  const set = tileSetOf(view);
  const lines: Omit<LogLine, 'id'>[] = [];
  const say = (e: GameEvent, seat: Seat | null, text: string, notation: string | null = null) =>
    lines.push({ round: view.round, seat, text, notation, rule: e.rule });
  const who = (seat: Seat | null) =>
    seat === null ? 'Someone' : seat === viewer ? 'You' : seatName(names, seat);
  const whose = (seat: Seat | null) =>
    seat === null ? 'the shared' : seat === viewer ? 'your' : `${seatName(names, seat)}’s`;
  const does = (seat: Seat | null, you: string, they: string) => (seat === viewer ? you : they);
  const name = (tile: TileId) => tileText(set, tile);
  const where = (target: Target) => targetWords(view, target, viewer, names);
  let play: Change['play'] = null;
  let drew = false;
  let roundOver = false;

  for (const [i, e] of events.entries()) {
    switch (e.kind) {
      case 'dealt':
        say(e, null, `Round ${e.round} is dealt.`);
        break;
      case 'leaderTurned':
        say(e, null, `${name(e.tile)} is turned up as the leader.`, name(e.tile));
        break;
      case 'friscoSetAside':
        say(e, null, `${name(e.tile)} turned up and is set aside; the next tile leads.`);
        break;
      case 'firstPlayer':
        say(e, e.seat, `${who(e.seat)} ${does(e.seat, 'start', 'starts')}.`);
        break;
      case 'reshuffled':
        say(e, null, `${e.tiles} tiles are shuffled into a new boneyard.`);
        break;
      case 'chose':
        // The tile stays secret until the round reveals it (E-2).
        say(
          e,
          e.seat,
          e.seat === viewer ? 'You made your secret choice.' : 'A secret choice was made.',
        );
        break;
      case 'revealed': {
        const shown = e.chosen.flatMap((t, s) =>
          t === null ? [] : [`${s === viewer ? 'you' : seatName(names, s)} ${name(t)}`],
        );
        if (shown.length > 0) say(e, null, `Revealed: ${capital(shown.join(', '))}.`);
        break;
      }
      case 'redealt':
        say(e, null, `No double was revealed (${e.rule}): the round is dealt again.`);
        break;
      case 'opened': {
        const tile = name(e.tile);
        if (e.seat !== null) {
          say(e, e.seat, `${who(e.seat)} laid ${tile} as the ${e.as}.`, tile);
          break;
        }
        const starts =
          e.starts === null
            ? ''
            : `; ${e.starts === viewer ? 'you' : seatName(names, e.starts)} ${does(e.starts, 'start', 'starts')}`;
        const what = e.as === 'station' ? 'is the main station' : `is laid as the ${e.as}`;
        say(e, e.starts, `${tile} ${what} (${e.rule})${starts}.`, tile);
        break;
      }
      case 'notHeld': {
        const double = e.tile === null ? 'the double called' : `the ${tileWords(set, e.tile)}`;
        say(e, e.seat, `${who(e.seat)} ${does(e.seat, 'do', 'does')} not hold ${double}.`);
        break;
      }
      case 'played': {
        const tile = name(e.tile);
        const yard = e.fromYard ? ' from the score yard' : '';
        say(
          e,
          e.seat,
          `${who(e.seat)} played ${tile}${yard} on ${where(e.target)}.`,
          `${tile} → ${e.target}`,
        );
        play = { tile: e.tile, target: e.target };
        break;
      }
      case 'drew':
        drew = true;
        say(
          e,
          e.seat,
          `${who(e.seat)} drew a tile${e.into === 'yard' ? ' into the score yard' : ''}.`,
        );
        break;
      case 'passed': {
        // A pass that puts the seat's marker out is one line, as players say it.
        const next = events[i + 1];
        const marked = next?.kind === 'markerOut' && next.seat === e.seat;
        say(e, e.seat, `${who(e.seat)} passed${marked ? '; a marker goes out' : ''}.`);
        break;
      }
      case 'markerOut': {
        const prev = events[i - 1];
        if (prev?.kind === 'passed' && prev.seat === e.seat) break;
        say(e, e.seat, `A marker goes out on ${whose(e.seat)} train.`);
        break;
      }
      case 'markerRemoved':
        say(e, e.seat, `The marker comes off ${whose(e.seat)} train.`);
        break;
      case 'doubleLeftOpen':
        say(e, e.seat, `${name(e.tile)} is left open: it must be answered first.`);
        break;
      case 'doubleSatisfied':
        say(e, e.seat, `${name(e.tile)} is answered.`);
        break;
      case 'derailed':
        say(e, e.seat, `${capital(where(e.target))} is derailed by ${name(e.tile)}.`);
        break;
      case 'restored':
        say(e, e.seat, `${capital(where(e.target))} is back on track.`);
        break;
      case 'stationCompleted':
        say(e, e.seat, `${who(e.seat)} completed a station on ${where(e.target)}.`);
        break;
      case 'trackRemoved':
        say(e, e.seat, `${who(e.seat)} removed track.`);
        break;
      case 'frisco':
        say(e, e.seat, `FRISCO is wild: it matches any end.`);
        break;
      case 'scored':
        say(e, e.seat, `${who(e.seat)} ${does(e.seat, 'score', 'scores')} ${e.points}.`);
        break;
      case 'oneTileLeft':
        // A hand down to one tile is knocked for everyone to see (C-6).
        say(e, e.seat, `${who(e.seat)} ${does(e.seat, 'have', 'has')} one tile left!`);
        break;
      case 'roundOver': {
        roundOver = true;
        const scores = e.result.scores.map((s, seat) => `${seatName(names, seat)} ${s}`);
        say(e, null, `Round ${e.result.round} is over. ${scores.join(', ')}.`);
        break;
      }
      case 'gameOver':
        say(e, null, 'Game over.');
        break;
    }
  }
  return { lines, play, drew, roundOver };
}
