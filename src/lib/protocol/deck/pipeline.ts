// A seat's hop pipelined on the hop it received: it builds its own hop on the
// received deck while that deck's proof is checked beside it (another worker), and
// releases its hop only once the check has passed, so nothing it sends was
// computed from a deck not yet checked. A failed check refuses the received hop as
// applyShuffleHop/applyLockHop would, and what was built is dropped.
import { fail, ok, type Result } from '../errors';
import type { DeckState } from './deck';
import type { ReceivedHop } from './hops';
import { markProven } from './proven';
import { drive, type Steps } from './work';

/** Where steps run: here, or split across workers (work.ts driveSplit). */
export type Run = <T>(steps: Steps<T>) => Promise<T>;

export const runHere: Run = (steps) => Promise.resolve().then(() => drive(steps));

export interface Pipelined<T> {
  /** The received hop's deck, now checked. */
  readonly deck: DeckState;
  /** This seat's hop built on it, free to release. */
  readonly hop: T;
}

export async function buildOnReceived<T>(
  received: ReceivedHop,
  build: (deck: DeckState) => Steps<T>,
  runs: { readonly check: Run; readonly build: Run } = { check: runHere, build: runHere },
): Promise<Result<Pipelined<T>>> {
  const { deck, check } = received;
  const [passed, hop] = await Promise.all([
    check ? runs.check(check.steps()) : true,
    runs.build(build(deck)),
  ]);
  if (!check) return ok({ deck, hop });
  if (!passed) return fail(check.refusal);
  markProven(check.key);
  return ok({ deck, hop });
}
