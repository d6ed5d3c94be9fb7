// The state-hash cross-check: this browser's hashes going out, the seats' browsers' coming in, and the desync alarm.
import type { Seat } from '$lib/engine';
import { isJsonRecord } from '$lib/protocol';
import type { Segment } from './segment';
import type { DesyncAlarm } from '../snapshot';
import type { Wire } from '../wire';

/** The seat an encoded entry says signed it, if it reads. */
function authorOf(entry: string | undefined): Seat | null {
  try {
    const v: unknown = JSON.parse(entry ?? 'null');
    return isJsonRecord(v) && typeof v.seat === 'number' ? v.seat : null;
  } catch {
    return null;
  }
}

export class HashCheck {
  readonly #member: string;
  readonly #send: (message: Extract<Wire, { t: 'hashes' }>) => void;
  readonly #raised: (detail: string) => void;
  readonly #later: (run: () => void) => void;
  /** Other members' hashes by log position. */
  readonly #peerHashes = new Map<number, Map<string, string>>();
  /** Hashes of consecutive entries not sent yet (they go out together). */
  #out: { game: string; from: number; list: string[] } | null = null;
  #desync: DesyncAlarm | null = null;

  /**
   * `send` broadcasts a batch of hashes; `raised` is told once, when the alarm goes up;
   * `later` runs a batch's sending after the current task.
   */
  constructor(
    member: string,
    send: (message: Extract<Wire, { t: 'hashes' }>) => void,
    raised: (detail: string) => void,
    later: (run: () => void) => void,
  ) {
    this.#member = member;
    this.#send = send;
    this.#raised = raised;
    this.#later = later;
  }

  get desync(): DesyncAlarm | null {
    return this.#desync;
  }

  /** After an applied entry: its hash goes out (batched within one task) and is compared. */
  applied(seg: Segment): void {
    const seq = seg.ledger.seq - 1;
    const hash = seg.ledger.hash;
    const out = this.#out;
    if (out && out.game === seg.game && out.from + out.list.length === seq) {
      out.list.push(hash);
    } else {
      this.flush();
      this.#out = { game: seg.game, from: seq, list: [hash] };
      this.#later(() => this.flush());
    }
    this.#compare(seg, seq);
  }

  flush(): void {
    const out = this.#out;
    this.#out = null;
    if (!out) return;
    this.#send({ t: 'hashes', game: out.game, from: out.from, list: out.list });
  }

  /** A member's hashes from log position `from` on, for the current segment. */
  received(seg: Segment, member: string, from: number, list: readonly string[]): void {
    // Only the seats' browsers vouch for the state; a watcher's hash proves nothing.
    if (!seg.setup.seats.some((s) => s.member === member)) return;
    list.forEach((hash, i) => {
      const seq = from + i;
      const byMember = this.#peerHashes.get(seq) ?? new Map<string, string>();
      byMember.set(member, hash);
      this.#peerHashes.set(seq, byMember);
      const d = this.#desync;
      // A fingerprint for the alarm's entry heard after it went up joins its side.
      if (d?.game === seg.game && d.seq === seq)
        this.#desync = { ...d, sides: this.#sides(seg, seq) };
      else this.#compare(seg, seq);
    });
  }

  /** Hashes for positions before `below` that some member never sent are forgotten. */
  forget(below: number): void {
    for (const seq of this.#peerHashes.keys()) if (seq < below) this.#peerHashes.delete(seq);
  }

  /** A new segment: hashes of the old one are forgotten. */
  reset(): void {
    this.#peerHashes.clear();
  }

  /**
   * Raises the alarm after entry `seq`, naming the seats on each side and, when
   * that entry is what went wrong (`byEntry`), its author; the first alarm stays.
   */
  raise(seg: Segment, seq: number, detail: string, byEntry = true): void {
    if (this.#desync) return;
    const author = byEntry ? authorOf(seg.ledger.log[seq]) : null;
    this.#desync = { game: seg.game, seq, author, sides: this.#sides(seg, seq), detail };
    this.#raised(detail);
  }

  /** The fingerprints heard for entry `seq`, each with the seats whose browsers sent it: this browser's first. */
  #sides(seg: Segment, seq: number): DesyncAlarm['sides'] {
    const sides = new Map<string, Seat[]>();
    const seatsOf = (member: string): Seat[] =>
      seg.setup.seats.flatMap((s, i) => (s.member === member ? [i] : []));
    sides.set(seg.ledger.hashes[seq] ?? '(refused)', seatsOf(this.#member));
    for (const [member, hash] of this.#peerHashes.get(seq) ?? []) {
      sides.set(hash, [...(sides.get(hash) ?? []), ...seatsOf(member)]);
    }
    return [...sides].map(([hash, seats]) => ({ hash, seats }));
  }

  #compare(seg: Segment, seq: number): void {
    const mine = seg.ledger.hashes[seq];
    const theirs = this.#peerHashes.get(seq);
    if (mine === undefined || !theirs) return;
    for (const hash of theirs.values()) {
      if (hash !== mine) return this.raise(seg, seq, `state hashes differ after entry ${seq}`);
    }
    const seated = new Set(seg.setup.seats.map((s) => s.member));
    seated.delete(this.#member);
    if ([...seated].every((m) => theirs.has(m))) this.#peerHashes.delete(seq);
  }
}
