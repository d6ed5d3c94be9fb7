// What the table says about the variant in play, from what the variant says of
// itself (engine `Variant`): the game's length, what a round is called, what
// the scores count and which way they rank. Nothing here knows a variant by name.
import { variantOf, type BaseState, type Seat } from '$lib/engine';
import game from './i18n/game';

/** "Round 2 of 13", "Platform 3 of 7", "Round 4 · 3 tokens win". */
export function progressText(view: BaseState): string {
  const v = variantOf(view.variant);
  const round = view.round;
  const length = v.length(view.players, view.options);
  const noun = v.roundName === 'platform' ? game.platform_n({ round }) : game.round_n({ round });
  return length.kind === 'rounds'
    ? game.progress_of({ noun, rounds: length.rounds })
    : game.progress_tokens({ noun, tokens: length.tokens });
}

/** What decides the game for each seat: its win tokens (E-12), or its total. */
export function standing(view: BaseState, seat: Seat): number {
  const tokens = variantOf(view.variant).tokens?.(view);
  return tokens ? (tokens[seat] ?? 0) : (view.scores[seat] ?? 0);
}

/** The scoreboard's last column: "Tokens", "Points" or "Total". */
export function standingLabel(view: BaseState): string {
  const { scoring } = variantOf(view.variant);
  if (scoring.winner === 'tokens') return game.standing_tokens();
  return scoring.unit === 'points' ? game.standing_points() : game.standing_total();
}

/** Seats best first: the lowest total, or the highest (points, tokens), as the variant wins. */
export function rankSeats<T extends { readonly seat: Seat }>(
  view: BaseState,
  seats: readonly T[],
): T[] {
  const high = variantOf(view.variant).scoring.winner !== 'lowestTotal';
  return [...seats].sort((a, b) => {
    const d = standing(view, a.seat) - standing(view, b.seat);
    return high ? -d : d;
  });
}

/** Whether a round's `scores` are its own (E-12) rather than running totals. */
export function scoresPerRound(view: BaseState): boolean {
  return variantOf(view.variant).scoring.scores === 'lastRound';
}
