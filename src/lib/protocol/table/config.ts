// A table's configuration, checked, and the genesis hash that binds all of it into
// the log: the first entry chains to it, so two peers whose configurations differ
// in anything (variant, options, seats, keys, where the game starts) can never
// accept each other's entries.
import type { Variant } from '../../engine';
import { toBase64url } from '../crypto/bytes';
import { taggedHash } from '../crypto/hashing';
import { SEED_BYTES } from '../deal/peer-secret';
import { fail, ok, type Result } from '../errors';
import { canonicalJson, type JsonValue } from '../log/canonical-json';
import { MAX_GAME_ID_LENGTH } from '../log/entry';
import type { LocalSeat, Spectator, TableConfig, TableStart } from './state';

export function checkConfig(
  config: TableConfig,
  variant: Variant,
  local: LocalSeat | Spectator,
): Result<TableStart> {
  const { players, game, seatKeys, start } = config;
  if (!Number.isInteger(players) || players < variant.minPlayers || players > variant.maxPlayers) {
    return fail('UNKNOWN_SEAT', `${variant.minPlayers}…${variant.maxPlayers} players`);
  }
  if (seatKeys.length !== players) return fail('UNKNOWN_SEAT', 'one signing key per seat');
  if (new Set(seatKeys.map(toBase64url)).size !== players) return fail('DUPLICATE_SEAT_KEY');
  if (local.seat === null) {
    if (local.secret !== null) return fail('BAD_SCALAR', 'a spectator has no secret');
  } else if (!Number.isInteger(local.seat) || local.seat < 0 || local.seat >= players) {
    return fail('UNKNOWN_SEAT', 'this peer has no seat');
  } else if (local.secret.length !== SEED_BYTES) {
    return fail('BAD_SCALAR', 'the secret is 32 bytes');
  }
  if (game.length < 1 || game.length > MAX_GAME_ID_LENGTH) return fail('WRONG_GAME');
  if (!start) return ok({ round: 1, view: variant.newGame(players, config.options) });
  const { round, view } = start;
  const valid =
    Number.isSafeInteger(round) &&
    round >= 1 &&
    view.variant === config.variant &&
    view.players === players &&
    view.phase === 'deal';
  return valid ? ok(start) : fail('BAD_START', 'a pre-deal view of this variant and table');
}

/** JSON as it travels: no undefined fields. */
function plain(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as JsonValue;
}

export function configGenesis(config: TableConfig, variant: Variant, start: TableStart): string {
  return toBase64url(
    taggedHash('trainyard/table-genesis/v1', [
      config.game,
      config.variant,
      config.players,
      canonicalJson(plain(config.options)),
      ...config.seatKeys,
      start.round,
      canonicalJson(plain(variant.publicState(start.view))),
    ]),
  );
}
