// The setup form of a table on this browser (solo against bots, or
// pass-and-play): variant, house rules with their defaults, and the seats.
import { variantOf, type OptionSpec, type VariantId } from '$lib/engine';
import type { LocalSeatSpec, LocalTableSpec } from '$lib/session';
import { optionsRefusal } from './variant-words';

/** The bots' levels (the session takes them by name). */
export const BOT_LEVELS = ['easy', 'medium', 'hard'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** Names for bots, after railway folk and engines. */
export const BOT_NAMES = ['Casey', 'Hattie', 'Rusty', 'Mabel', 'Ozzie', 'Pearl', 'Silas'] as const;

export type SetupMode = 'solo' | 'pass';

export interface SeatDraft {
  readonly kind: 'person' | 'bot';
  readonly name: string;
  readonly level: BotLevel;
}

export interface SetupProps {
  readonly mode: SetupMode;
  readonly name?: string;
  readonly variant?: VariantId;
}

export class SetupState {
  readonly mode: SetupMode;
  variant = $state<VariantId>('mexican-train');
  /** Options the player changed; the others follow the variant's default for the table size. */
  chosen = $state<Record<string, number>>({});
  seats = $state<SeatDraft[]>([]);
  nextLevel = $state<BotLevel>('medium');

  constructor(props: SetupProps) {
    this.mode = props.mode;
    if (props.variant) this.variant = props.variant;
    const me: SeatDraft = { kind: 'person', name: props.name ?? 'Player 1', level: 'medium' };
    this.seats =
      props.mode === 'solo'
        ? [me, this.#bot('medium'), this.#bot('medium')]
        : [me, { kind: 'person', name: 'Player 2', level: 'medium' }];
  }

  get title(): string {
    return variantOf(this.variant).title;
  }

  get specs(): readonly OptionSpec[] {
    return variantOf(this.variant).optionSpecs;
  }

  get minPlayers(): number {
    return variantOf(this.variant).minPlayers;
  }

  get maxPlayers(): number {
    return variantOf(this.variant).maxPlayers;
  }

  get full(): boolean {
    return this.seats.length >= this.maxPlayers;
  }

  value(spec: OptionSpec): number {
    return this.chosen[spec.key] ?? spec.default(Math.max(1, this.seats.length));
  }

  setVariant(id: VariantId): void {
    this.variant = id;
    this.chosen = {};
    const max = variantOf(id).maxPlayers;
    if (this.seats.length > max) this.seats = this.seats.slice(0, max);
  }

  setOption(key: string, value: number): void {
    if (Number.isFinite(value)) this.chosen = { ...this.chosen, [key]: Math.trunc(value) };
  }

  resetOption(key: string): void {
    const { [key]: _drop, ...rest } = this.chosen;
    this.chosen = rest;
  }

  #bot(level: BotLevel): SeatDraft {
    return { kind: 'bot', name: '', level };
  }

  addBot(level: BotLevel = this.nextLevel): void {
    if (!this.full) this.seats = [...this.seats, this.#bot(level)];
  }

  addPlayer(): void {
    if (this.full) return;
    const n = this.seats.length + 1;
    this.seats = [...this.seats, { kind: 'person', name: `Player ${n}`, level: 'medium' }];
  }

  remove(index: number): void {
    if (index === 0) return;
    this.seats = this.seats.filter((_, i) => i !== index);
  }

  rename(index: number, name: string): void {
    this.seats = this.seats.map((s, i) => (i === index ? { ...s, name } : s));
  }

  setLevel(index: number, level: BotLevel): void {
    this.seats = this.seats.map((s, i) => (i === index ? { ...s, level } : s));
  }

  /** Bots take railway names in seat order. */
  seatLabel(index: number): string {
    const seat = this.seats[index];
    if (!seat) return '';
    if (seat.kind === 'person') return seat.name.trim() || `Player ${index + 1}`;
    const n = this.seats.slice(0, index).filter((s) => s.kind === 'bot').length;
    return BOT_NAMES[n % BOT_NAMES.length] ?? `Bot ${n + 1}`;
  }

  #playersFit(): boolean {
    const n = this.seats.length;
    return n >= this.minPlayers && n <= this.maxPlayers;
  }

  /**
   * What is wrong with the house rules for this many players, shown beside them:
   * an option out of its range, or else the variant's check of the options as a
   * whole (tiles enough for every hand and what a round needs), with its rule id.
   */
  get optionProblems(): readonly string[] {
    const out: string[] = [];
    for (const spec of this.specs) {
      const v = this.value(spec);
      if (!Number.isInteger(v) || v < spec.min || v > spec.max) {
        out.push(`${spec.label} must be from ${spec.min} to ${spec.max}.`);
      }
    }
    if (out.length > 0 || !this.#playersFit()) return out;
    const refused = optionsRefusal(this.variant, this.seats.length, this.#options());
    return refused === null ? [] : [refused];
  }

  /** What stops the table from starting, in words. */
  get problems(): readonly string[] {
    const out: string[] = [];
    const n = this.seats.length;
    if (n < this.minPlayers) out.push(`${this.title} needs at least ${this.minPlayers} players.`);
    if (n > this.maxPlayers) out.push(`${this.title} seats at most ${this.maxPlayers} players.`);
    out.push(...this.optionProblems);
    this.seats.forEach((s, i) => {
      if (s.kind === 'person' && !/\p{L}/u.test(s.name)) {
        out.push(`Seat ${i + 1} needs a name with at least one letter.`);
      }
    });
    return out;
  }

  spec(): LocalTableSpec {
    const seats = this.seats.map((s, i): LocalSeatSpec =>
      s.kind === 'person'
        ? { kind: 'person', name: s.name.trim() }
        : { kind: 'bot', level: s.level, name: this.seatLabel(i) },
    );
    return { variant: this.variant, options: this.#options(), seats };
  }

  #options(): Record<string, number> {
    const options: Record<string, number> = {};
    for (const spec of this.specs) options[spec.key] = this.value(spec);
    return options;
  }
}
