// Verdict values for the checks of this variant.
import type { Maybe } from '../../cards';
import type { Verdict } from '../../variant';

export const OK: Verdict = { kind: 'ok' };

export function illegal(rule: string, message: string): Verdict {
  return { kind: 'illegal', error: { code: 'ILLEGAL_MOVE', rule, message } };
}

/**
 * A duty that rests on hidden tiles: `yes` the seat holds a tile that forbids the
 * move (breach), `unknown` only hidden tiles could (claim, checked by the audit).
 */
export function duty(holds: Maybe, rule: string, message: string): Verdict {
  switch (holds) {
    case 'yes':
      return { kind: 'breach', error: { code: 'ILLEGAL_MOVE', rule, message } };
    case 'unknown':
      return { kind: 'claim', rule, message };
    case 'no':
      return OK;
  }
}
