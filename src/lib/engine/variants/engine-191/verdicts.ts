// Verdict shorthands shared by the move checks.
import { anyCard } from '../../cards';
import type { Maybe } from '../../cards';
import type { Verdict } from '../../variant';
import type { ErrorCode } from '../../types';
import type { TileId } from '../../tiles';
import type { Engine191State } from './state';

export const OK: Verdict = { kind: 'ok' };

export function illegal(
  rule: string | null,
  message: string,
  code: ErrorCode = 'ILLEGAL_MOVE',
): Verdict {
  return { kind: 'illegal', error: { code, rule, message } };
}

/** Whether the seat holds a tile that fits, in its public yard or (maybe hidden) hand. */
export function holds(state: Engine191State, seat: number, fits: (tile: TileId) => boolean): Maybe {
  if ((state.yards[seat] ?? []).some(fits)) return 'yes';
  return anyCard(state.hands[seat] ?? [], fits);
}

/** A duty that rests on hidden tiles: broken if known, a claim if unknown (views). */
export function duty(can: Maybe, rule: string, message: string): Verdict {
  if (can === 'yes') return { kind: 'breach', error: { code: 'ILLEGAL_MOVE', rule, message } };
  if (can === 'unknown') return { kind: 'claim', rule, message };
  return OK;
}
