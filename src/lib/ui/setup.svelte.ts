// The setup form of a table on this browser (solo against bots, or
// pass-and-play): variant, house rules with their defaults, and the seats.
import { variantOf, type OptionSpec, type VariantId } from '$lib/engine';
import type { LocalSeatSpec, LocalTableSpec, TurnClock } from '$lib/session';
import site from './i18n/site';

/** The bots' levels (the session takes them by name). */
export const BOT_LEVELS = ['easy', 'medium', 'hard'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** Names for bots, after railway folk and engines. */
export const BOT_NAMES = ['Casey', 'Hattie', 'Rusty', 'Mabel', 'Ozzie', 'Pearl', 'Silas'] as const;

export type SetupMode = 'solo' | 'pass';

/** Why the table cannot start yet, with a stable code. */
export type SetupProblem =
  | { readonly code: 'TOO_FEW_PLAYERS'; readonly min: number }
  | { readonly code: 'TOO_MANY_PLAYERS'; readonly max: number }
  | {
      readonly code: 'OPTION_OUT_OF_RANGE';
      readonly key: string;
      readonly min: number;
      readonly max: number;
    }
  | { readonly code: 'SEAT_NEEDS_NAME'; readonly seat: number }
  /** The variant's check of the options as a whole; its sentence has no code yet, so stays English. */
  | { readonly code: 'OPTIONS_REFUSED'; readonly rule: string | null; readonly message: string };

/** Whether a problem is the house rules' own (the form shows those beside them). */
export function isOptionProblem(p: SetupProblem): boolean {
  return p.code === 'OPTION_OUT_OF_RANGE' || p.code === 'OPTIONS_REFUSED';
}

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
  /** Seconds per turn; null: no turn clock (the default). */
  turnClock = $state<TurnClock | null>(null);

  constructor(props: SetupProps) {
    this.mode = props.mode;
    if (props.variant) this.variant = props.variant;
    const me: SeatDraft = {
      kind: 'person',
      name: props.name ?? site.setup_default_player({ n: 1 }),
      level: 'medium',
    };
    this.seats =
      props.mode === 'solo'
        ? [me, this.#bot('medium'), this.#bot('medium')]
        : [me, { kind: 'person', name: site.setup_default_player({ n: 2 }), level: 'medium' }];
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
    this.seats = [
      ...this.seats,
      { kind: 'person', name: site.setup_default_player({ n }), level: 'medium' },
    ];
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
    if (seat.kind === 'person')
      return seat.name.trim() || site.setup_default_player({ n: index + 1 });
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
  get optionProblems(): readonly SetupProblem[] {
    const out: SetupProblem[] = [];
    for (const spec of this.specs) {
      const v = this.value(spec);
      if (!Number.isInteger(v) || v < spec.min || v > spec.max) {
        out.push({ code: 'OPTION_OUT_OF_RANGE', key: spec.key, min: spec.min, max: spec.max });
      }
    }
    if (out.length > 0 || !this.#playersFit()) return out;
    const checked = variantOf(this.variant).checkOptions(this.seats.length, this.#options());
    if (checked.ok) return [];
    const { rule, message } = checked.error;
    return [{ code: 'OPTIONS_REFUSED', rule, message }];
  }

  /** What stops the table from starting (the form puts it in words). */
  get problems(): readonly SetupProblem[] {
    const out: SetupProblem[] = [];
    const n = this.seats.length;
    if (n < this.minPlayers) out.push({ code: 'TOO_FEW_PLAYERS', min: this.minPlayers });
    if (n > this.maxPlayers) out.push({ code: 'TOO_MANY_PLAYERS', max: this.maxPlayers });
    out.push(...this.optionProblems);
    this.seats.forEach((s, i) => {
      if (s.kind === 'person' && !/\p{L}/u.test(s.name)) {
        out.push({ code: 'SEAT_NEEDS_NAME', seat: i });
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
    const clock = this.turnClock === null ? {} : { turnClock: this.turnClock };
    return { variant: this.variant, options: this.#options(), seats, ...clock };
  }

  #options(): Record<string, number> {
    const options: Record<string, number> = {};
    for (const spec of this.specs) options[spec.key] = this.value(spec);
    return options;
  }
}
