// The move log: what the engine says each step of the round did (its events,
// `TableView.steps`) put into words in the rules' notation ("Ann played 12-5
// on Bo's train"), each line with the rule it follows. The same lines are
// announced to screen readers.
import type { BaseState, Centre, GameEvent, Seat, Target, TileId } from '$lib/engine';
import type { TableStep } from '$lib/session';
import game from './i18n/game';
import { units } from './i18n/format';
import { seatName, targetWords, tileSetOf, tileSpoken, tileText, type SeatNames } from './tiles';

export interface LogLine {
  /** Distinct per line, for keyed lists. */
  readonly id: number;
  readonly round: number;
  readonly seat: Seat | null;
  readonly text: string;
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

const CENTRES: Readonly<Record<Centre, () => string>> = {
  engine: () => game.centre_engine(),
  platform: () => game.centre_platform(),
  station: () => game.centre_station(),
};

/**
 * The steps' events as log lines, read on `view` (the view after them: its tile
 * set and lane names); `viewer` is the seat reading it ("your train"). The words
 * are the active language's; the rule ids stay as they are.
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
  const say = (e: GameEvent, seat: Seat | null, text: string) =>
    lines.push({ round: view.round, seat, text, rule: e.rule });
  /** A sentence about a seat: the viewer's own ("You…"), or anyone's by name. */
  const of = (seat: Seat | null, you: () => string, they: (who: string) => string) =>
    seat === viewer && seat !== null
      ? you()
      : they(seat === null ? game.someone() : seatName(names, seat));
  /** A seat's own train (markers go on trains), or the shared one. */
  const trainOf = (seat: Seat | null) =>
    seat === null
      ? game.train_shared()
      : seat === viewer
        ? game.lane_your_train()
        : game.lane_their_train({ name: seatName(names, seat) });
  const name = (tile: TileId) => tileText(set, tile);
  const where = (target: Target) => targetWords(view, target, viewer, names);
  let play: Change['play'] = null;
  let drew = false;
  let roundOver = false;

  for (const [i, e] of events.entries()) {
    switch (e.kind) {
      case 'dealt':
        say(e, null, game.log_dealt({ round: e.round }));
        break;
      case 'leaderTurned':
        say(e, null, game.log_leader({ tile: name(e.tile) }));
        break;
      case 'friscoSetAside':
        say(e, null, game.log_frisco_aside({ tile: name(e.tile) }));
        break;
      case 'firstPlayer':
        say(
          e,
          e.seat,
          of(e.seat, game.log_start_you, (who) => game.log_start({ who })),
        );
        break;
      case 'reshuffled':
        say(e, null, game.log_reshuffled({ tiles: e.tiles }));
        break;
      case 'chose':
        // The tile stays secret until the round reveals it (E-2).
        say(e, e.seat, e.seat === viewer ? game.log_chose_you() : game.log_chose());
        break;
      case 'revealed': {
        const shown = e.chosen.flatMap((t, s) =>
          t === null
            ? []
            : [
                s === viewer
                  ? game.log_revealed_you({ tile: name(t) })
                  : `${seatName(names, s)} ${name(t)}`,
              ],
        );
        if (shown.length > 0) say(e, null, game.log_revealed({ list: capital(units(shown)) }));
        break;
      }
      case 'redealt':
        say(e, null, game.log_redealt({ rule: e.rule }));
        break;
      case 'opened': {
        const tile = name(e.tile);
        const as = CENTRES[e.as]();
        if (e.seat !== null) {
          const text = of(
            e.seat,
            () => game.log_laid_centre_you({ tile, as }),
            (who) => game.log_laid_centre({ who, tile, as }),
          );
          say(e, e.seat, text);
          break;
        }
        const rule = e.rule;
        const then =
          e.starts === null
            ? ''
            : of(e.starts, game.log_then_start_you, (who) => game.log_then_start({ who }));
        const opened =
          e.as === 'station'
            ? game.log_station({ tile, rule, then })
            : game.log_opened({ tile, as, rule, then });
        say(e, e.starts, opened);
        break;
      }
      case 'notHeld': {
        const double = e.tile === null ? null : tileSpoken(set, e.tile);
        const text =
          double === null
            ? of(e.seat, game.log_not_held_called_you, (who) => game.log_not_held_called({ who }))
            : of(
                e.seat,
                () => game.log_not_held_you({ double }),
                (who) => game.log_not_held({ who, double }),
              );
        say(e, e.seat, text);
        break;
      }
      case 'played': {
        const tile = name(e.tile);
        const on = where(e.target);
        const text = e.fromYard
          ? of(
              e.seat,
              () => game.log_played_yard_you({ tile, on }),
              (who) => game.log_played_yard({ who, tile, on }),
            )
          : of(
              e.seat,
              () => game.log_played_you({ tile, on }),
              (who) => game.log_played({ who, tile, on }),
            );
        say(e, e.seat, text);
        play = { tile: e.tile, target: e.target };
        break;
      }
      case 'drew':
        drew = true;
        say(
          e,
          e.seat,
          e.into === 'yard'
            ? of(e.seat, game.log_drew_yard_you, (who) => game.log_drew_yard({ who }))
            : of(e.seat, game.log_drew_you, (who) => game.log_drew({ who })),
        );
        break;
      case 'passed': {
        // A pass that puts the seat's marker out is one line, as players say it.
        const next = events[i + 1];
        const marked = next?.kind === 'markerOut' && next.seat === e.seat;
        say(
          e,
          e.seat,
          marked
            ? of(e.seat, game.log_passed_marked_you, (who) => game.log_passed_marked({ who }))
            : of(e.seat, game.log_passed_you, (who) => game.log_passed({ who })),
        );
        break;
      }
      case 'runEnded':
        say(
          e,
          e.seat,
          of(
            e.seat,
            () => game.log_run_ended_you({ tiles: e.tiles }),
            (who) => game.log_run_ended({ who, tiles: e.tiles }),
          ),
        );
        break;
      case 'markerOut': {
        const prev = events[i - 1];
        if (prev?.kind === 'passed' && prev.seat === e.seat) break;
        say(e, e.seat, game.log_marker_out({ train: trainOf(e.seat) }));
        break;
      }
      case 'markerRemoved':
        say(e, e.seat, game.log_marker_off({ train: trainOf(e.seat) }));
        break;
      case 'doubleLeftOpen':
        say(e, e.seat, game.log_double_open({ tile: name(e.tile) }));
        break;
      case 'doubleSatisfied':
        say(e, e.seat, game.log_double_answered({ tile: name(e.tile) }));
        break;
      case 'derailed':
        say(e, e.seat, capital(game.log_derailed({ on: where(e.target), tile: name(e.tile) })));
        break;
      case 'restored':
        say(e, e.seat, capital(game.log_restored({ on: where(e.target) })));
        break;
      case 'stationCompleted': {
        const on = where(e.target);
        say(
          e,
          e.seat,
          of(
            e.seat,
            () => game.log_station_done_you({ on }),
            (who) => game.log_station_done({ who, on }),
          ),
        );
        break;
      }
      case 'trackRemoved':
        say(
          e,
          e.seat,
          of(e.seat, game.log_removed_you, (who) => game.log_removed({ who })),
        );
        break;
      case 'frisco':
        say(e, e.seat, game.log_frisco());
        break;
      case 'scored': {
        const points = e.points;
        say(
          e,
          e.seat,
          of(
            e.seat,
            () => game.log_scored_you({ points }),
            (who) => game.log_scored({ who, points }),
          ),
        );
        break;
      }
      case 'oneTileLeft':
        // A hand down to one tile is knocked for everyone to see (C-6).
        say(
          e,
          e.seat,
          of(e.seat, game.log_one_left_you, (who) => game.log_one_left({ who })),
        );
        break;
      case 'roundOver': {
        roundOver = true;
        const scores = e.result.scores.map((s, seat) => `${seatName(names, seat)} ${s}`);
        say(e, null, game.log_round_over({ round: e.result.round, scores: scores.join(', ') }));
        break;
      }
      case 'gameOver':
        say(e, null, game.log_game_over());
        break;
    }
  }
  return { lines, play, drew, roundOver };
}
