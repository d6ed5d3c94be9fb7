// Verdicts on moves (variant.ts): illegal outright, or resting on tiles a view may not know.
import type { Maybe } from '../../cards';
import type { Verdict } from '../../variant';

export function illegal(rule: string, message: string): Verdict {
  return { kind: 'illegal', error: { code: 'ILLEGAL_MOVE', rule, message } };
}

/**
 * A duty that hidden tiles decide (C-5, MT-2): `answer` is whether the duty is
 * broken — a breach if known, a claim for the audit if the tiles are unknown.
 */
export function judge(answer: Maybe, rule: string, message: string): Verdict {
  if (answer === 'yes') return { kind: 'breach', error: { code: 'ILLEGAL_MOVE', rule, message } };
  if (answer === 'unknown') return { kind: 'claim', rule, message };
  return { kind: 'ok' };
}
