// The invariants every variant must keep over random legal games: tile
// conservation, termination, legal moves accepted, illegal ones rejected with a
// rule, deterministic replay, views agreeing with full information on every
// public fact, and an honest round passing the audit.
import {
  applyMove,
  auditRound,
  answerNeed,
  canonicalJson,
  createRng,
  hideSupply,
  moveJson,
  revealCard,
} from '../../src/lib/engine';
import type { BaseState, Move, Options, Rng, Supply, TileId, Variant } from '../../src/lib/engine';
import { MOVE_TYPES, SHARED_TARGETS } from '../../src/lib/engine';

export interface GamesSpec {
  readonly players: number;
  readonly options: Options;
  readonly games: number;
  readonly seed: number;
  /** How often (0–1) a random probe move is tried before each move. */
  readonly probeRate?: number;
  /** Called after every move on the full-information state. */
  readonly onMove?: (before: BaseState, move: Move, after: BaseState) => void;
  /** Called when a round ends (phase roundOver or gameOver). */
  readonly onRoundEnd?: (state: BaseState) => void;
}

export interface GamesTally {
  games: number;
  rounds: number;
  moves: number;
  probes: number;
}

function fail(message: string): never {
  throw new Error(message);
}

function expectOk<T>(
  r: { ok: true; value: T } | { ok: false; error: { message: string } },
  what: string,
): T {
  if (!r.ok) fail(`${what}: ${r.error.message}`);
  return r.value;
}

/**
 * Whether two public states are the same JSON value: the same keys (an undefined
 * field counts) and the same primitives. Equal values have equal canonical JSON;
 * compared in place, without writing either out, as this runs for every seat's
 * view after every step.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  // for…in lists a plain object's keys without the array Object.keys makes (a third faster).
  let keys = 0;
  for (const k in x) {
    if (!Object.hasOwn(y, k) || !sameJson(x[k], y[k])) return false;
    keys++;
  }
  return keys === Object.keys(y).length;
}

/**
 * A public state as text, kept to compare with later (the replay, a rejected
 * move): native JSON.stringify, not canonicalJson, which costs several times
 * more. Both texts of a comparison come from the same publicState code, so their
 * keys come in the same order, and equal texts mean equal canonical JSON (a
 * public state is JSON: no undefined field for JSON.stringify to leave out).
 */
const snapshot = (pub: unknown): string => JSON.stringify(pub);

/** The tiles in ascending order (a typed array sorts numbers without a comparator). */
function sortedTiles(tiles: readonly TileId[]): Int32Array {
  return new Int32Array(tiles).sort();
}

function sameTiles(a: Int32Array, b: Int32Array): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

function randomMove(state: BaseState, rng: Rng, tiles: number): Move {
  const seat = rng.int(state.players + 1) - (rng.next() < 0.1 ? 1 : 0);
  const type = MOVE_TYPES[rng.int(MOVE_TYPES.length)] ?? 'pass';
  const tile = rng.int(tiles + 2) - 1;
  const targets = [...SHARED_TARGETS, ...Array.from({ length: 8 }, (_, i) => `p${i}` as const)];
  const target = targets[rng.int(targets.length)] ?? 'p0';
  switch (type) {
    case 'play':
      return rng.next() < 0.2
        ? { seat, type, tile, target, from: 'yard', replace: rng.int(tiles) }
        : { seat, type, tile, target };
    case 'choose':
      return { seat, type, tile };
    case 'declare':
      return { seat, type, tile: rng.next() < 0.5 ? null : tile };
    default:
      return { seat, type };
  }
}

/**
 * Plays `spec.games` random games and throws on the first broken invariant,
 * naming the game's seed so it can be replayed.
 */
export function checkRandomGames<S extends BaseState>(
  variant: Variant<S>,
  spec: GamesSpec,
): GamesTally {
  const tally: GamesTally = { games: 0, rounds: 0, moves: 0, probes: 0 };
  for (let g = 0; g < spec.games; g++) {
    const seed = spec.seed + g;
    try {
      checkOneGame(variant, spec, seed, tally);
    } catch (e) {
      throw new Error(
        `${variant.id}, ${spec.players} players, seed ${seed}: ${(e as Error).message}`,
      );
    }
    tally.games++;
  }
  return tally;
}

type Event = { readonly supply: Supply } | { readonly move: Move } | { readonly nextRound: true };

function checkOneGame<S extends BaseState>(
  variant: Variant<S>,
  spec: GamesSpec,
  seed: number,
  tally: GamesTally,
): void {
  const rng = createRng(seed);
  const set = variant.tileSet(spec.players, spec.options);
  let full = variant.newGame(spec.players, spec.options);
  let views = Array.from({ length: spec.players }, () => full);
  const events: Event[] = [];
  const hashes: string[] = [];
  let dealt: Int32Array | null = null;
  let roundStart: S | null = null;
  let roundSteps: (Move | Supply)[] = [];
  // The state last recorded, its public state's text (hashes' last) and its legal moves.
  let recorded: S | null = null;
  let recordedLegal: readonly Move[] = [];
  const record = () => {
    const pub = variant.publicState(full);
    const choosers = String(variant.choosers(full));
    views.forEach((v, s) => {
      const vp = variant.publicState(v);
      if (!sameJson(vp, pub)) {
        fail(
          `seat ${s}'s view disagrees on the public state:\n${canonicalJson(vp)}\n${canonicalJson(pub)}`,
        );
      }
      if (String(variant.choosers(v)) !== choosers) {
        fail(`seat ${s}'s view disagrees on who is to choose (E-2)`);
      }
    });
    // the seats to choose are exactly those with a legal secret choice (E-2)
    recordedLegal = variant.legalMoves(full);
    const choosing = new Set(recordedLegal.filter((m) => m.type === 'choose').map((m) => m.seat));
    if (String([...choosing]) !== choosers) {
      fail(`choosers ${choosers} vs choose moves ${String([...choosing])}`);
    }
    if (dealt) {
      const placed = sortedTiles(variant.placedTiles(full));
      if (!sameTiles(placed, dealt))
        fail(`tiles not conserved: ${placed.join(',')} vs dealt ${dealt.join(',')}`);
    }
    const cards = full.hands.reduce((n, h) => n + h.length, 0) + full.boneyard.length;
    if (cards > set.tiles.length) fail('more cards than tiles');
    hashes.push(snapshot(pub));
    recorded = full;
  };
  const moveText = (m: Move) => canonicalJson({ seat: m.seat, ...(moveJson(m, set) as object) });
  const inSet = (t: number | null | undefined) => t == null || (t >= 0 && t < set.tiles.length);
  // Asked only of an accepted probe: most are rejected, and the texts cost more than the moves.
  const listed = (probe: Move, legal: readonly Move[]): boolean => {
    if (('tile' in probe && !inSet(probe.tile)) || ('replace' in probe && !inSet(probe.replace)))
      return false;
    const text = moveText(probe);
    return legal.some((m) => moveText(m) === text);
  };
  const endRound = () => {
    tally.rounds++;
    spec.onRoundEnd?.(full);
    if (roundStart) {
      const audit = auditRound(variant, roundStart, roundSteps);
      if (audit.violations.length > 0)
        fail(`honest round fails the audit: ${JSON.stringify(audit.violations)}`);
      if (!sameJson(variant.publicState(audit.state), variant.publicState(full))) {
        fail('audit replay ends in another state');
      }
    }
    roundStart = null;
  };

  for (let step = 0; full.phase !== 'gameOver'; step++) {
    if (step > 200_000) fail('game does not terminate');
    if (full.phase === 'roundOver') {
      full = variant.nextRound(full);
      views = views.map((v) => variant.nextRound(v));
      events.push({ nextRound: true });
      dealt = null;
      record();
      continue;
    }
    const need = variant.need(full);
    if (need) {
      const input = answerNeed(full, need, rng);
      const before = full;
      full = expectOk(variant.supply(full, input), 'supply');
      // A face-up turn is revealed before it is supplied, like a played card.
      if (input.kind === 'reveal') {
        views = views.map((v) => expectOk(revealCard(v, input.pos, input.tile), 'reveal'));
      }
      views = views.map((v, s) =>
        expectOk(variant.supply(v, hideSupply(input, s)), `seat ${s} supply`),
      );
      events.push({ supply: input });
      if (need.kind === 'deal') {
        dealt = sortedTiles(variant.placedTiles(full));
        roundStart = full;
        roundSteps = [];
        if (variant.placedTiles(full).length !== new Set(variant.placedTiles(full)).size) {
          fail('a tile is placed twice after the deal');
        }
      } else if (roundStart) {
        roundSteps.push(input);
      }
      if (before.phase === full.phase && full.phase === 'deal' && need.kind !== 'deal') {
        fail('supply did not move the game on');
      }
      record();
      if (full.phase === 'roundOver' || full.phase === 'gameOver') endRound();
      continue;
    }
    const legal = recorded === full ? recordedLegal : variant.legalMoves(full);
    const auto = variant.setupMove(full);
    if (!auto && legal.length === 0)
      fail(`no legal move in phase ${full.phase} for seat ${full.turn}`);
    for (const m of legal) {
      if (!applyMove(variant, full, m).ok) fail(`listed legal move rejected: ${JSON.stringify(m)}`);
    }
    if (rng.next() < (spec.probeRate ?? 0.3)) {
      const probe = randomMove(full, rng, set.tiles.length);
      tally.probes++;
      const before =
        recorded === full
          ? (hashes[hashes.length - 1] as string)
          : snapshot(variant.publicState(full));
      const r = applyMove(variant, full, probe);
      if (r.ok && auto === null && !listed(probe, legal)) {
        fail(`unlisted move accepted: ${JSON.stringify(probe)}`);
      }
      if (!r.ok && r.error.code === 'ILLEGAL_MOVE' && !r.error.rule) {
        fail(`illegal move rejected without a rule: ${JSON.stringify(probe)}`);
      }
      if (snapshot(variant.publicState(full)) !== before) fail('a rejected move changed the state');
    }
    const move = auto ?? (legal[rng.int(legal.length)] as Move);
    const disclosures = variant.disclosures(full, move);
    const reveal = (when: 'before' | 'after', source: BaseState) => {
      for (const d of disclosures.filter((x) => x.when === when)) {
        const tile = findTile(source, d.pos);
        if (tile === null) fail(`disclosed position ${d.pos} is unknown to the full state`);
        views = views.map((v, s) =>
          d.to === 'all' || d.to === s
            ? expectOk(revealCard(v, d.pos, tile), `reveal ${d.pos}`)
            : v,
        );
      }
    };
    reveal('before', full);
    const before = full;
    full = expectOk(applyMove(variant, full, move), `move ${JSON.stringify(move)}`).state;
    views = views.map((v, s) => {
      const r = applyMove(variant, v, move);
      if (!r.ok) fail(`seat ${s}'s view rejects ${JSON.stringify(move)}: ${r.error.message}`);
      return r.value.state;
    });
    reveal('after', full);
    events.push({ move });
    roundSteps.push(move);
    tally.moves++;
    spec.onMove?.(before, move, full);
    record();
    if (full.phase === 'roundOver' || full.phase === 'gameOver') endRound();
  }

  // Replaying the same events from the start gives the same public state at every step.
  let replay = variant.newGame(spec.players, spec.options);
  events.forEach((e, i) => {
    if ('nextRound' in e) replay = variant.nextRound(replay);
    else if ('supply' in e) replay = expectOk(variant.supply(replay, e.supply), 'replay supply');
    else replay = expectOk(applyMove(variant, replay, e.move), 'replay move').state;
    if (snapshot(variant.publicState(replay)) !== hashes[i]) fail(`replay diverges at event ${i}`);
  });
}

function findTile(state: BaseState, pos: number): TileId | null {
  for (const h of state.hands) for (const c of h) if (c.pos === pos) return c.tile;
  for (const c of state.boneyard) if (c.pos === pos) return c.tile;
  return null;
}
