// "Play again" at a table on this browser alone (solo, pass-and-play): the same
// setup again — the same variant, options, seats, names and bots' levels.
import type { LocalSeatSpec, LocalTableSpec, SessionSnapshot } from '$lib/session';

/** The finished table's setup to start again at once, or null for a table played with others online. */
export function againSpec(snap: SessionSnapshot): Omit<LocalTableSpec, 'store'> | null {
  const here = snap.members.length <= 1 && snap.seats.every((s) => s.member === snap.me);
  if (!here || snap.seats[0]?.bot !== null) return null;
  const seats = snap.seats.map((s): LocalSeatSpec =>
    s.bot === null ? { kind: 'person', name: s.name } : { kind: 'bot', level: s.bot, name: s.name },
  );
  const clock = snap.clockSeconds === undefined ? {} : { turnClock: snap.clockSeconds };
  return { variant: snap.variant, options: { ...snap.options }, seats, ...clock };
}
