// A desync alarm's sides in a player's words: which seats' browsers hold the
// same table as this one, and which hold another. A seated browser that reports
// a wrong fingerprint stops play for everyone; its sides say which one it was.
import type { DesyncAlarm } from '$lib/session';

export interface DesyncSides {
  /** Seats whose browsers agree with this one (this browser's own first). */
  readonly agree: readonly number[];
  /** Seats whose browsers hold another table, each side apart (only seats' browsers vouch: none is empty). */
  readonly differ: readonly (readonly number[])[];
}

/** The alarm's sides, this browser's (the first the session lists) apart from the others. */
export function desyncSides(alarm: DesyncAlarm): DesyncSides {
  const [mine, ...others] = alarm.sides;
  return {
    agree: mine?.seats ?? [],
    differ: others.map((s) => s.seats),
  };
}
