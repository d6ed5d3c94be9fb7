// Rate budgets by proven member (issue 30): a token bucket per member, not per
// link, so a member that drops its link and dials again starts with what it had
// left, not a fresh burst. A link not yet proven has no member and is budgeted
// by its link id. Buckets outlive their links: one is forgotten only once idle
// for BUDGET_KEEP_MS (by then it is full again, as a fresh one would be), or,
// past MAX_BUDGETS buckets, the least recently used goes first.
import { MAX_MEMBERS } from './presence';

export interface Rate {
  /** Messages at once… */
  readonly burst: number;
  /** …and per second after that. */
  readonly perSecond: number;
}

/** How long an idle bucket is kept (its link may have closed). */
export const BUDGET_KEEP_MS = 5 * 60_000;
/** Buckets kept at most per kind (members and links not yet proven). */
export const MAX_BUDGETS = 4 * MAX_MEMBERS;

interface Bucket {
  tokens: number;
  at: number;
}

export class Budgets {
  readonly #now: () => number;
  readonly #rate: Rate;
  /** In order of last use (a Map keeps the order of insertion). */
  readonly #buckets = new Map<string, Bucket>();

  constructor(now: () => number, rate: Rate) {
    this.#now = now;
    this.#rate = rate;
  }

  /** Takes `cost` tokens from `key`'s bucket; false (nothing taken) when it has fewer. */
  take(key: string, cost = 1): boolean {
    const now = this.#now();
    const { burst, perSecond } = this.#rate;
    const b = this.#buckets.get(key) ?? { tokens: burst, at: now };
    b.tokens = Math.min(burst, b.tokens + (Math.max(0, now - b.at) / 1000) * perSecond);
    b.at = now;
    this.#buckets.delete(key);
    this.#buckets.set(key, b);
    this.#prune(now);
    if (b.tokens < cost) return false;
    b.tokens -= cost;
    return true;
  }

  get size(): number {
    return this.#buckets.size;
  }

  #prune(now: number): void {
    for (const [key, b] of this.#buckets) {
      if (this.#buckets.size <= MAX_BUDGETS && now - b.at < BUDGET_KEEP_MS) return;
      this.#buckets.delete(key);
    }
  }
}
