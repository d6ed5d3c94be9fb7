// The table screen's state: the snapshot on screen (bots' moves shown one at a
// time, at the player's chosen pace), the selected tile and its targets, the
// move log, the pass-and-play curtain, and the player's intents handed to the
// session through its TableClient.
import {
  canonicalJson,
  roundResult,
  variantOf,
  type BaseState,
  type Move,
  type PlayMove,
  type Seat,
  type Target,
  type TileId,
  type VariantId,
} from '$lib/engine';
import type {
  DealingProgress,
  LocalSeatView,
  SessionResult,
  SessionSnapshot,
  TableClient,
  TableStep,
} from '$lib/session';
import { describeSteps, type Change, type LogLine } from './log';
import type { Cue } from './sound';
import game from './i18n/game';
import { orList } from './i18n/format';
import { current } from './i18n/locale.svelte';
import { refusedText, ruleWords } from './refusals';
import { seatLabel } from './seat-label';
import { dealingShown, statusText, waitingText, winnersText } from './table-status';
import { targetWords, tileSetOf, tileSpoken, tileText } from './tiles';

export type TileSource = 'hand' | 'yard';

export interface Selection {
  readonly tile: TileId;
  readonly from: TileSource;
}

export interface Notice {
  readonly kind: 'error' | 'hint' | 'info';
  readonly text: string;
  readonly rule: string | null;
}

/** A score yard play (E-7) waiting for the player to pick the tile that replaces it. */
export interface YardChoice {
  readonly tile: TileId;
  readonly target: Target;
  readonly replaces: readonly TileId[];
}

export interface RoundResult {
  readonly round: number;
  readonly scores: readonly number[];
  readonly tokens: readonly number[] | null;
  /** Moves played in the round: what its audit replayed. */
  readonly moves: number;
  /** The tiles left in each hand when the round ended (null: never revealed here). */
  readonly hands: readonly (readonly (TileId | null)[])[];
}

export interface Pace {
  /** Milliseconds a move stays on screen before the next is shown. */
  readonly stepMs: number;
  /** No slides or flips (the player's setting or the system's). */
  readonly reducedMotion?: boolean;
}

export interface ControllerHooks {
  /** A tile was laid (for a sound). */
  onPlay?(): void;
  /** Something worth a sound happened on screen (a play also calls onPlay). */
  onCue?(cue: Cue): void;
  readonly setTimer?: (f: () => void, ms: number) => unknown;
  readonly clearTimer?: (t: unknown) => void;
  readonly now?: () => number;
}

const MAX_LOG = 400;
/** The normal pace's step: animations last their base time at it. */
const NORMAL_STEP_MS = 650;
/** Behind by more than this many snapshots, the screen catches up without pausing. */
const CATCH_UP = 60;
/**
 * At the instant pace snapshots are put on screen at most this often (ms), all
 * that came meanwhile at once: bots then move every few ms, and showing each
 * re-rendered the table for every one of them.
 */
const INSTANT_FRAME_MS = 16;

/**
 * MT-2 / DT-2: the call-down answer this screen gives for a person, when it is
 * their only move: "none", since the called double cannot be in their hand.
 * Autoplay answers for a seat on autoplay.
 */
function answeredForThem(p: LocalSeatView): Move | null {
  const [only, ...rest] = p.legal;
  const none = rest.length === 0 && only?.type === 'declare' && only.tile === null;
  return none && p.autoplay === null ? only : null;
}

/**
 * How long an animation of `baseMs` at the normal pace lasts at `pace`: 0 with
 * reduced motion or at the instant pace, shorter when fast, longer when slow.
 */
export function motionMs(baseMs: number, pace: Pace): number {
  if (pace.reducedMotion || pace.stepMs <= 0) return 0;
  return Math.round(baseMs * Math.min(1.4, Math.max(0.5, pace.stepMs / NORMAL_STEP_MS)));
}

const moveKey = (m: Move) => canonicalJson(m);

function distinct<T>(list: readonly T[]): T[] {
  return list.filter((x, i) => list.indexOf(x) === i);
}

function isPlay(m: Move): m is PlayMove {
  return m.type === 'play';
}

export class TableController {
  /** The snapshot on screen, paced behind the session's latest. */
  shown = $state.raw<SessionSnapshot>() as SessionSnapshot;
  /** The session's newest snapshot. */
  latest = $state.raw<SessionSnapshot>() as SessionSnapshot;
  log = $state.raw<readonly LogLine[]>([]);
  /**
   * What the log's lines were said of, to say them again in another language:
   * each batch's steps, with the last view of its round (tile set and lanes
   * stay within a round), kept only for lines still in the log.
   */
  #said: {
    readonly steps: readonly TableStep[];
    readonly round: number;
    readonly names: readonly string[];
    readonly viewer: Seat | null;
    readonly ids: readonly number[];
  }[] = [];
  #roundViews: Record<number, BaseState> = {};
  /** The newest line, for the aria-live region. */
  live = $state('');
  lastPlay = $state.raw<Change['play']>(null);
  selected = $state.raw<Selection | null>(null);
  notice = $state.raw<Notice | null>(null);
  yardChoice = $state.raw<YardChoice | null>(null);
  /** Pass-and-play: the person seat whose hand is on screen. */
  revealed = $state<Seat | null>(null);
  #sending = $state(false);
  /**
   * A move is on its way: sent, or signed and not yet ordered (the session's
   * `pending`), or the call-down answered for the player at the position on screen.
   */
  get busy(): boolean {
    if (this.#sending || (this.latest.pending?.includes(this.viewer ?? -1) ?? false)) return true;
    const t = this.shown.table;
    return t !== null && this.#answered === `${t.game}:${t.seq}:${this.viewer}`;
  }
  /** Snapshots waiting to be shown. */
  behind = $state(0);
  results = $state.raw<readonly RoundResult[]>([]);

  readonly client: TableClient;
  readonly #pace: Pace;
  readonly #hooks: ControllerHooks;
  readonly #queue: SessionSnapshot[] = [];
  #timer: unknown = null;
  /** When the last move was put on screen. */
  #movedAt = -Infinity;
  /** When a snapshot was last put on screen. */
  #shownAt = -Infinity;
  #nextId = 1;
  #unsubscribe: (() => void) | null = null;
  /** Moves this screen sent for its people, until they show: any other of theirs the turn clock made. */
  #sent: readonly string[] = [];
  /** The last call-down answer sent for a person (game:entry:seat): once per position. */
  #answered = $state('');

  constructor(client: TableClient, pace: Pace, hooks: ControllerHooks = {}) {
    this.client = client;
    this.#pace = pace;
    this.#hooks = hooks;
    this.shown = client.snapshot;
    this.latest = client.snapshot;
    this.#record(client.snapshot);
    this.#answerCallDown();
    this.#unsubscribe = client.subscribe((s) => this.#receive(s));
  }

  destroy(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (this.#timer !== null) (this.#hooks.clearTimer ?? clearTimeout)(this.#timer as never);
    this.#timer = null;
  }

  // ---- reading ----

  get table() {
    return this.shown.table;
  }

  get view(): BaseState | null {
    return this.shown.table?.view ?? null;
  }

  /** The variant played here (known before the first deal). */
  get variant(): VariantId {
    return this.shown.variant;
  }

  get names(): readonly string[] {
    return this.shown.seats.map((s) => seatLabel(s.name, s.bot !== null));
  }

  /**
   * The panel over the board: the game's end once it is played out and audited,
   * or over by play and ended by the host (a secret that never came leaves the
   * last audit undone); the round's end while the table waits for readiness.
   */
  get panel(): 'game' | 'round' | null {
    const t = this.shown.table;
    if (!t) return null;
    if (t.gameOver || (this.shown.ended && t.view.phase === 'gameOver')) return 'game';
    return t.betweenRounds ? 'round' : null;
  }

  /** The deal's progress over the board, while it may still go on (table-status.ts). */
  get dealing(): DealingProgress | null {
    return dealingShown(this.shown, this.panel);
  }

  /** The seats played by people on this browser. */
  get persons(): readonly LocalSeatView[] {
    return this.shown.table?.local.filter((l) => l.bot === null) ?? [];
  }

  get passAndPlay(): boolean {
    return this.persons.length > 1;
  }

  /** The seat whose hand and point of view the screen shows. */
  get viewer(): Seat | null {
    if (!this.passAndPlay) return this.persons[0]?.seat ?? null;
    return this.revealed;
  }

  get mine(): LocalSeatView | null {
    const seat = this.viewer;
    return this.persons.find((l) => l.seat === seat) ?? null;
  }

  /** Pass-and-play: a person is to act whose hand is not on screen. */
  get curtain(): Seat | null {
    if (!this.passAndPlay || !this.shown.table) return null;
    // The first person here with a move to make: one whose call-down this screen
    // answers for them (MT-2) is asked nothing, so the device need not pass to them.
    const acting =
      this.persons.find((p) => p.legal.length > 0 && answeredForThem(p) === null) ?? null;
    if (acting === null || acting.seat === this.revealed || acting.autoplay !== null) return null;
    return acting.seat;
  }

  /** How long an animation of `baseMs` at the normal pace lasts now (see motionMs). */
  motionMs(baseMs: number): number {
    return motionMs(baseMs, this.#pace);
  }

  /** The header's status line (table-status.ts). */
  get status(): string {
    return statusText(this);
  }

  /** Between rounds: whom the next deal waits for, as it stands now (not as shown). */
  get waitingFor(): string | null {
    return waitingText(this.latest, this.names);
  }

  /** Every person on this browser is ready for the next round (or none is asked). */
  get ready(): boolean {
    const b = this.latest.table?.betweenRounds;
    return !b || this.persons.every((p) => b.ready[p.seat]);
  }

  /** The game's end: who won, from the viewer's side. */
  get winners(): string {
    return winnersText(this.view, this.viewer, this.names);
  }

  get caughtUp(): boolean {
    return this.behind === 0;
  }

  get autoplay(): boolean {
    return this.mine?.autoplay != null;
  }

  /** The moves the player on screen may make now. */
  get legal(): readonly Move[] {
    const mine = this.mine;
    if (!mine || mine.autoplay || !this.caughtUp || this.curtain !== null) return [];
    if (this.shown.desync || this.shown.ended) return [];
    return mine.legal;
  }

  get myTurn(): boolean {
    return this.legal.length > 0;
  }

  /** The view the player on screen sees (their own hand known). */
  get myView(): BaseState | null {
    return this.mine?.view ?? this.view;
  }

  get hand(): readonly TileId[] {
    const seat = this.viewer;
    const view = this.myView;
    if (seat === null || !view || this.curtain !== null) return [];
    const cards = view.hands[seat] ?? [];
    // Sorted as a player holds them: by the higher end, then the lower.
    return cards.flatMap((c) => (c.tile === null ? [] : [c.tile])).sort((a, b) => b - a);
  }

  /** Engine 191: the player's score yard (E-1), playable from (E-7). */
  get yard(): readonly TileId[] {
    const seat = this.viewer;
    const view = this.myView;
    if (seat === null || !view) return [];
    return variantOf(view.variant).yard?.(view, seat) ?? [];
  }

  playsOf(tile: TileId, from: TileSource): readonly PlayMove[] {
    return this.legal.filter(
      (m): m is PlayMove =>
        isPlay(m) && m.tile === tile && (m.from === 'yard') === (from === 'yard'),
    );
  }

  choiceOf(tile: TileId): Move | null {
    return this.legal.find((m) => m.type === 'choose' && m.tile === tile) ?? null;
  }

  /** A tile in hand (or yard) that can be played or chosen now. */
  usable(tile: TileId, from: TileSource): boolean {
    return this.playsOf(tile, from).length > 0 || (from === 'hand' && this.choiceOf(tile) !== null);
  }

  /** The targets the selected tile may go to. */
  get targets(): readonly Target[] {
    const sel = this.selected;
    if (!sel) return [];
    return distinct(this.playsOf(sel.tile, sel.from).map((m) => m.target));
  }

  move(type: 'draw' | 'pass' | 'removeTrack' | 'endTurn'): Move | null {
    return this.legal.find((m) => m.type === type) ?? null;
  }

  get declares(): readonly Extract<Move, { type: 'declare' }>[] {
    return this.legal.filter((m): m is Extract<Move, { type: 'declare' }> => m.type === 'declare');
  }

  /** The call-down's buttons: opening with a held double ("none" is answered for the player, MT-2). */
  get declareChoices(): readonly (Extract<Move, { type: 'declare' }> & { tile: TileId })[] {
    return this.declares.filter((d): d is typeof d & { tile: TileId } => d.tile !== null);
  }

  /** The double being called down (MT-2, DT-2), as text with its rule, while the player must answer. */
  get called(): { readonly text: string; readonly rule: string } | null {
    const view = this.myView;
    if (!view || this.declares.length === 0) return null;
    const called = variantOf(view.variant).called?.(view) ?? null;
    return called && { text: tileText(tileSetOf(view), called.tile), rule: called.rule };
  }

  get choosing(): boolean {
    return this.legal.some((m) => m.type === 'choose');
  }

  /** "12 and 5, playable on your train" */
  tileLabel(tile: TileId, from: TileSource): string {
    const view = this.view;
    if (!view) return '';
    const set = tileSetOf(view);
    const words = tileSpoken(set, tile);
    const tileSaid = from === 'yard' ? game.tile_in_yard({ tile: words }) : words;
    if (this.choiceOf(tile) && from === 'hand') return game.tile_choose_secret({ tile: tileSaid });
    const targets = distinct(this.playsOf(tile, from).map((m) => m.target));
    if (targets.length === 0) return game.tile_no_play({ tile: tileSaid });
    const where = orList(targets.map((t) => this.targetLabel(t)));
    return game.tile_playable({ tile: tileSaid, where });
  }

  targetLabel(target: Target): string {
    const view = this.view;
    return view ? targetWords(view, target, this.viewer, this.names) : target;
  }

  tileName(tile: TileId): string {
    const view = this.view;
    return view ? tileText(tileSetOf(view), tile) : String(tile);
  }

  // ---- intents ----

  /** Taps a tile of the hand or the yard: choose it, play it, or show its targets. */
  async pickTile(tile: TileId, from: TileSource = 'hand'): Promise<void> {
    this.notice = null;
    this.yardChoice = null;
    const choice = from === 'hand' ? this.choiceOf(tile) : null;
    if (choice) return this.send(choice);
    const plays = this.playsOf(tile, from);
    if (plays.length === 0) {
      this.selected = null;
      this.#explain(tile, from);
      return;
    }
    if (this.selected?.tile === tile && this.selected.from === from) {
      this.selected = null;
      return;
    }
    const targets = distinct(plays.map((m) => m.target));
    const [only] = targets;
    if (targets.length === 1 && only !== undefined) {
      this.selected = { tile, from };
      return this.pickTarget(only);
    }
    this.selected = { tile, from };
  }

  /** Taps a target (on the board or in the target list) for the selected tile. */
  async pickTarget(target: Target): Promise<void> {
    const sel = this.selected;
    if (!sel) return;
    const plays = this.playsOf(sel.tile, sel.from).filter((m) => m.target === target);
    const first = plays[0];
    if (!first) {
      this.#explain(sel.tile, sel.from, target);
      return;
    }
    if (sel.from === 'yard' && plays.length > 1) {
      this.yardChoice = {
        tile: sel.tile,
        target,
        replaces: plays.flatMap((m) => (m.replace === undefined ? [] : [m.replace])),
      };
      return;
    }
    return this.send(first);
  }

  /** E-7: the tile from hand that goes to the yard in place of the one played. */
  async pickReplacement(replace: TileId): Promise<void> {
    const choice = this.yardChoice;
    if (!choice) return;
    const move = this.legal.find(
      (m) =>
        isPlay(m) &&
        m.from === 'yard' &&
        m.tile === choice.tile &&
        m.target === choice.target &&
        m.replace === replace,
    );
    this.yardChoice = null;
    if (move) await this.send(move);
  }

  cancel(): void {
    this.selected = null;
    this.yardChoice = null;
  }

  /** A tile is being dragged from the hand: its targets glow (nothing is played yet). */
  drag(tile: TileId, from: TileSource = 'hand'): boolean {
    this.notice = null;
    this.yardChoice = null;
    if (this.playsOf(tile, from).length === 0) return false;
    this.selected = { tile, from };
    return true;
  }

  /**
   * A dragged tile was dropped: on a glowing target it is played; anywhere else
   * it goes back to the hand and the engine says why (aimed at `place`, the
   * board's lane or end under the drop, when there was one).
   */
  async drop(tile: TileId, from: TileSource, target: Target | null, place: Target | null) {
    if (target !== null && this.playsOf(tile, from).some((m) => m.target === target)) {
      this.selected = { tile, from };
      return this.pickTarget(target);
    }
    this.selected = null;
    if (place === null && this.playsOf(tile, from).length > 0) {
      const text = game.notice_drop({ tile: this.tileName(tile) });
      this.notice = { kind: 'info', text, rule: null };
      this.live = text;
      return;
    }
    this.#explain(tile, from, place ?? undefined);
  }

  async send(move: Move): Promise<void> {
    const seat = this.viewer;
    if (seat === null || this.busy) return;
    this.#sending = true;
    this.selected = null;
    this.yardChoice = null;
    this.notice = null;
    this.#keepSent(move);
    const result = await this.client.move(seat, move);
    this.#sending = false;
    this.#refused(result);
  }

  async act(type: 'draw' | 'pass' | 'removeTrack' | 'endTurn'): Promise<void> {
    const move = this.move(type);
    if (move) await this.send(move);
  }

  async hint(): Promise<void> {
    const seat = this.viewer;
    if (seat === null || !this.myTurn) return;
    const result = await this.client.hint(seat);
    if (!result.ok) return this.#refused(result);
    const move = result.value;
    this.notice = {
      kind: 'hint',
      text: game.notice_hint({ move: this.describeMove(move) }),
      rule: null,
    };
    if (move.type === 'play') this.selected = { tile: move.tile, from: move.from ?? 'hand' };
  }

  describeMove(move: Move): string {
    switch (move.type) {
      case 'play': {
        const tile = this.tileName(move.tile);
        const on = this.targetLabel(move.target);
        return move.from === 'yard'
          ? game.move_play_yard({ tile, on })
          : game.move_play({ tile, on });
      }
      case 'draw':
        return game.move_draw();
      case 'pass':
        return game.move_pass();
      case 'removeTrack':
        return game.move_remove_track();
      case 'endTurn':
        return game.move_end_turn();
      case 'choose':
        return game.move_choose({ tile: this.tileName(move.tile) });
      case 'declare':
        return move.tile === null
          ? game.move_declare_none()
          : game.move_declare({ tile: this.tileName(move.tile) });
    }
  }

  async toggleAutoplay(level: 'easy' | 'medium' | 'hard'): Promise<void> {
    const seat = this.viewer;
    if (seat === null) return;
    this.selected = null;
    this.#refused(await this.client.setAutoplay(seat, this.autoplay ? null : level));
  }

  /** Every person on this browser is ready for the next round. */
  async nextRound(): Promise<void> {
    const between = this.latest.table?.betweenRounds;
    for (const p of this.persons) {
      if (between && between.ready[p.seat]) continue;
      this.#refused(await this.client.ready(p.seat));
    }
  }

  /** Pass-and-play: the player named on the curtain has the device. */
  reveal(): void {
    const seat = this.curtain;
    if (seat !== null) this.revealed = seat;
  }

  async resolveStall(action: 'bot' | 'end'): Promise<void> {
    this.#refused(await this.client.resolveStall(action));
  }

  /** The host seats a watcher at the next round's deal (TT-9). */
  async seatNewcomer(member: string): Promise<void> {
    this.#refused(await this.client.seatNewcomer(member));
  }

  /** At game over, online: the host offers a rematch (the offer says why it is refused). */
  proposeRematch(options?: Readonly<Record<string, number>>): Promise<SessionResult<string>> {
    return this.client.proposeRematch(options);
  }

  /** This person accepts the rematch offered. */
  async acceptRematch(game: string): Promise<void> {
    this.#refused(await this.client.acceptRematch(game));
  }

  // ---- internals ----

  #refused(result: SessionResult<unknown>): void {
    if (result.ok) return;
    this.#cue('alarm');
    const { code, detail, rule } = result.error;
    const text = refusedText(code, detail);
    this.notice = { kind: 'error', text, rule: rule ?? null };
    this.live = rule ? game.live_not_allowed_rule({ rule, text }) : game.live_not_allowed({ text });
    this.#sayRule(this.notice);
  }

  /**
   * Outside English (where the engine's own sentence says why), a refusal's rule
   * in its own words is added once they have loaded, if it is still on screen.
   */
  #sayRule(notice: Notice): void {
    if (!notice.rule || current.locale === 'en') return;
    void ruleWords(notice.rule).then((words) => {
      if (words && this.notice === notice)
        this.notice = { ...notice, text: `${notice.text} ${words}` };
    });
  }

  /** Why a tile cannot go where it was aimed, in the engine's words with its rule id. */
  #explain(tile: TileId, from: TileSource, target?: Target): void {
    const mine = this.mine;
    const seat = this.viewer;
    if (!mine || seat === null) return;
    if (!this.myTurn) {
      const text = this.autoplay ? game.notice_autoplay_on() : game.notice_not_your_turn();
      this.notice = { kind: 'info', text, rule: null };
      this.live = text;
      return;
    }
    const variant = variantOf(mine.view.variant);
    const aim = target ?? this.#likelyTarget(seat);
    const base = { seat, type: 'play', tile, target: aim } as const;
    const move: Move =
      from === 'yard' ? { ...base, from: 'yard', replace: this.hand[0] ?? tile } : base;
    const verdict = variant.validate(mine.view, move);
    const name = this.tileName(tile);
    if (verdict.kind === 'illegal' || verdict.kind === 'breach') {
      const { code, message, rule } = verdict.error;
      this.notice = { kind: 'error', text: `${name}: ${refusedText(code, message)}`, rule };
    } else {
      this.notice = { kind: 'error', text: game.notice_cannot_play({ tile: name }), rule: null };
    }
    const n = this.notice;
    this.live = n.rule ? `${n.text} (${n.rule})` : n.text;
    this.#sayRule(n);
  }

  #likelyTarget(seat: Seat): Target {
    const view = this.view;
    return view ? variantOf(view.variant).homeTarget(seat) : `p${seat}`;
  }

  #cue(cue: Cue): void {
    this.#hooks.onCue?.(cue);
  }

  #receive(s: SessionSnapshot): void {
    // Alarms are heard at once, not at the pace moves are shown.
    const was = this.latest;
    if (
      (s.desync && !was.desync) ||
      (s.stall && !was.stall) ||
      s.refusals.length > was.refusals.length
    ) {
      this.#cue('alarm');
    }
    this.latest = s;
    this.#queue.push(s);
    this.behind = this.#queue.length;
    if (this.#timer === null) {
      const now = this.#hooks.now ?? (() => performance.now());
      const wait = INSTANT_FRAME_MS - (now() - this.#shownAt);
      if (this.#pace.stepMs <= 0 && wait > 0)
        this.#timer = (this.#hooks.setTimer ?? setTimeout)(() => this.#advance(), wait);
      else this.#advance();
    }
    this.behind = this.#queue.length;
  }

  /** Shows queued snapshots; a move waits until the previous one has been on screen stepMs. */
  #advance(): void {
    this.#timer = null;
    const now = this.#hooks.now ?? (() => performance.now());
    for (;;) {
      const next = this.#queue[0];
      if (!next) break;
      const wait = this.#pace.stepMs - (now() - this.#movedAt);
      if (wait > 0 && this.#queue.length < CATCH_UP && this.#isMove(next)) {
        this.#timer = (this.#hooks.setTimer ?? setTimeout)(() => this.#advance(), wait);
        return;
      }
      this.#queue.shift();
      // Counted before showing: the selection is checked against what is legal then.
      this.behind = this.#queue.length;
      if (this.#show(next)) this.#movedAt = now();
      this.#shownAt = now();
    }
  }

  /** A snapshot showing a move after the one on screen (not a deal or a new round). */
  #isMove(next: SessionSnapshot): boolean {
    const a = this.shown.table;
    const b = next.table;
    return !!a && !!b && a.round === b.round && this.#freshSteps(next).some((s) => s.move);
  }

  /** The steps of the round that `next` shows and the snapshot on screen does not. */
  #freshSteps(next: SessionSnapshot): readonly TableStep[] {
    const t = next.table;
    if (!t) return [];
    const shown = this.shown.table;
    const same = shown && shown.game === t.game && shown.round === t.round;
    return same && shown.steps.length <= t.steps.length
      ? t.steps.slice(shown.steps.length)
      : t.steps;
  }

  #keepSaid(
    steps: readonly TableStep[],
    view: BaseState,
    names: readonly string[],
    lines: readonly LogLine[],
  ): void {
    const ids = lines.map((l) => l.id);
    this.#said.push({ steps, round: view.round, names, viewer: this.viewer, ids });
    const first = this.log[0]?.id ?? 0;
    while ((this.#said[0]?.ids.at(-1) ?? first) < first) this.#said.shift();
    const rounds = this.#said.map((b) => b.round);
    this.#roundViews = Object.fromEntries(
      [...Object.entries(this.#roundViews), [view.round, view] as const].filter(([r]) =>
        rounds.includes(Number(r)),
      ),
    );
  }

  /** Says the move log again in the active language (its messages loaded): after a change of language. */
  relocalize(): void {
    const text: Record<number, string> = {};
    for (const b of this.#said) {
      const view = this.#roundViews[b.round];
      if (!view) continue;
      const { lines } = describeSteps(b.steps, view, b.names, b.viewer);
      b.ids.forEach((id, i) => {
        const line = lines[i];
        if (line) text[id] = line.text;
      });
    }
    this.log = this.log.map((l) => ({ ...l, text: text[l.id] ?? l.text }));
  }

  /** Puts a snapshot on screen; true when it showed a move worth pausing on. */
  #show(next: SessionSnapshot): boolean {
    const nextView = next.table?.view ?? null;
    // A rematch: a new game after one that was over (or ended) starts a fresh log and scoreboard.
    const was = this.shown.table;
    const over = was?.gameOver === true || this.shown.ended !== null;
    if (was && over && next.table && next.table.game !== was.game) {
      this.results = [];
      this.log = [];
      this.#said = [];
      this.#roundViews = {};
      this.lastPlay = null;
    }
    const wasMyTurn = this.myTurn;
    const fresh = this.#freshSteps(next);
    let roundOver = false;
    if (nextView) {
      const change = describeSteps(
        fresh,
        nextView,
        next.seats.map((s) => seatLabel(s.name, s.bot !== null)),
        this.viewer,
      );
      if (change.lines.length > 0) {
        // The clock's lines are not said again in another language (relocalize).
        const clock = this.#clockLines(fresh, nextView.round).map((l) => ({
          ...l,
          id: this.#nextId++,
        }));
        const lines = change.lines.map((l) => ({ ...l, id: this.#nextId++ }));
        const all = [...this.log, ...clock, ...lines];
        this.log = all.length > MAX_LOG ? all.slice(all.length - MAX_LOG) : all;
        this.#keepSaid(
          fresh,
          nextView,
          next.seats.map((s) => seatLabel(s.name, s.bot !== null)),
          lines,
        );
        this.live = [...clock, ...lines].map((l) => l.text).join(' ');
      }
      if (change.play) {
        this.lastPlay = change.play;
        this.#hooks.onPlay?.();
        this.#cue('play');
      }
      if (change.drew) this.#cue('draw');
      roundOver = change.roundOver;
    }
    this.shown = next;
    this.#record(next);
    this.#answerCallDown();
    if (roundOver) this.#cue('roundEnd');
    else if (this.myTurn && !wasMyTurn) this.#cue('turn');
    if (this.selected && !this.usable(this.selected.tile, this.selected.from)) this.selected = null;
    if (this.passAndPlay && this.revealed === null && !next.table?.acting) {
      this.revealed = null;
    }
    return fresh.some((s) => s.move !== null);
  }

  /** A move this screen sends (the last few: a refused one never shows). */
  #keepSent(move: Move): void {
    this.#sent = [...this.#sent.slice(-15), moveKey(move)];
  }

  /** Whether a move shown was one this screen sent (then forgotten). */
  #shownSent(move: Move): boolean {
    const i = this.#sent.indexOf(moveKey(move));
    if (i >= 0) this.#sent = this.#sent.filter((_, j) => j !== i);
    return i >= 0;
  }

  /** A line before each move the turn clock made for a person here (nobody pressed it). */
  #clockLines(steps: readonly TableStep[], round: number): Omit<LogLine, 'id'>[] {
    if (this.shown.clockSeconds === undefined) return [];
    return steps.flatMap((s) => {
      const move = s.move;
      const person = move && this.persons.find((p) => p.seat === move.seat && !p.autoplay);
      if (!move || !person || this.#shownSent(move)) return [];
      const who = this.names[move.seat] ?? '';
      const text =
        move.seat === this.viewer ? game.log_clock_moved_you() : game.log_clock_moved({ who });
      return [{ round, seat: move.seat, text, rule: null }];
    });
  }

  /**
   * MT-2, DT-2: a person whose only answer to the called double is "I don't
   * have it" (their hand cannot hold it; the answer is public either way) is
   * answered for, once per position, without a curtain or a press.
   */
  #answerCallDown(): void {
    const t = this.shown.table;
    if (!t || !this.caughtUp || this.shown.desync || this.shown.ended) return;
    for (const p of this.persons) {
      const only = answeredForThem(p);
      if (!only) continue;
      const at = `${t.game}:${t.seq}:${p.seat}`;
      if (this.#answered === at) continue;
      this.#answered = at;
      this.#keepSent(only);
      void this.client.move(p.seat, only).then((r) => this.#refused(r));
    }
  }

  /** Keeps each finished round's scores and last hands for the scoreboard (the engine's round results). */
  #record(s: SessionSnapshot): void {
    const t = s.table;
    if (!t) return;
    const ends = [t.view, ...t.local.map((l) => l.lastRound)].flatMap((v) => {
      const r = v && roundResult(v);
      return r ? [{ r, moves: v.moveIndex }] : [];
    });
    const hidden = (r: RoundResult) => r.hands.flat().filter((x) => x === null).length;
    for (const { r, moves } of ends) {
      // Each seat's hand as the best-informed of this browser's views knows it.
      const same = ends.filter((x) => x.r.round === r.round);
      const hands = r.hands.map((cards, seat) => {
        const known = same
          .map((x) => x.r.hands[seat] ?? [])
          .find((h) => h.every((c) => c !== null));
        return known ?? cards;
      });
      const result = { round: r.round, scores: r.scores, tokens: r.tokens, moves, hands };
      // A round is kept once; its hands are filled in as the audit reveals them.
      const kept = this.results.find((x) => x.round === r.round);
      if (kept && hidden(kept) <= hidden(result)) continue;
      this.results = [...this.results.filter((x) => x !== kept), result].sort(
        (a, b) => a.round - b.round,
      );
    }
  }
}
