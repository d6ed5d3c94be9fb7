/** What one round's dealing is bound to: every hash and secret derivation names it. */
export interface DealContext {
  readonly game: string;
  readonly round: number;
  readonly seats: number;
}
