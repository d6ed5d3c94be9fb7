// Refusals in a player's words, by their stable codes (the code and the rule id
// are shown beside them): what a refused entry was (the protocol's codes every
// browser found), and why an intent was refused (the session's and the engine's).
import type { ErrorCode } from '$lib/engine';
import type { SessionErrorCode } from '$lib/session';
import game, { ready as gameReady } from './i18n/game';
import { current } from './i18n/locale.svelte';
import rules, { load as loadRules } from './i18n/rules';
import { sentence } from './sentence';

const WORDS: Readonly<Record<string, () => string>> = {
  ILLEGAL_MOVE: () => game.refused_illegal_move(),
  NOT_YOUR_TURN: () => game.refused_not_your_turn(),
  BAD_MOVE: () => game.refused_bad_move(),
  DISCLOSURE_MISMATCH: () => game.refused_disclosure(),
  KEY_MISMATCH: () => game.refused_key(),
  NOT_AS_COMMITTED: () => game.refused_not_as_committed(),
  COMMITMENT_MISMATCH: () => game.refused_commitment(),
  BAD_SHUFFLE_PROOF: () => game.refused_shuffle_proof(),
  BAD_LOCK_PROOF: () => game.refused_lock_proof(),
  EQUIVOCATION: () => game.refused_equivocation(),
  WRONG_PHASE: () => game.refused_wrong_phase(),
  UNKNOWN_DECK: () => game.refused_deck_step(),
  WRONG_STAGE: () => game.refused_deck_step(),
  WRONG_SIZE: () => game.refused_deck_step(),
  BAD_POINT: () => game.refused_deck_step(),
  IDENTITY_POINT: () => game.refused_deck_step(),
  DUPLICATE_POINT: () => game.refused_deck_step(),
  BAD_SCALAR: () => game.refused_deck_step(),
  BAD_POSITION: () => game.refused_deck_step(),
  ALREADY_ASSIGNED: () => game.refused_deck_step(),
  KEY_NOT_EXPECTED: () => game.refused_deck_step(),
  DUPLICATE_KEY: () => game.refused_deck_step(),
  ALREADY_COMMITTED: () => game.refused_seed_order(),
  NOT_ALL_COMMITTED: () => game.refused_seed_order(),
  ALREADY_REVEALED: () => game.refused_seed_order(),
  WRONG_LABEL: () => game.refused_tiles(),
  NOT_A_TILE: () => game.refused_tiles(),
  NOT_SAME_TABLE: () => game.refused_tiles(),
  BAD_SUPPLY: () => game.refused_tiles(),
  UNKNOWN_CARD: () => game.refused_tiles(),
  BAD_OPTIONS: () => game.refused_setup(),
  BAD_START: () => game.refused_setup(),
  DUPLICATE_SEAT_KEY: () => game.refused_setup(),
};

/** A refused entry by its protocol code; the envelope's codes (never signed, so never named) fall back. */
export function refusalWords(code: string): string {
  return (WORDS[code] ?? (() => game.refused_other()))();
}

const REASONS: Readonly<Record<SessionErrorCode | ErrorCode, () => string>> = {
  MALFORMED_MESSAGE: () => game.error_malformed(),
  OVERSIZED: () => game.error_oversized(),
  TOO_FREQUENT: () => game.error_too_frequent(),
  UNKNOWN_PEER: () => game.error_unknown_peer(),
  WRONG_ROOM: () => game.error_wrong_room(),
  WRONG_GAME: () => game.error_wrong_game(),
  NOT_HOST: () => game.error_not_host(),
  BAD_SETUP: () => game.error_bad_setup(),
  BAD_AGREEMENT: () => game.error_bad_agreement(),
  NOT_NOW: () => game.error_not_now(),
  ILLEGAL_MOVE: () => game.error_illegal_move(),
  REFUSED: () => game.error_refused(),
  STALE: () => game.error_stale(),
  OUT_OF_WINDOW: () => game.error_out_of_window(),
  EQUIVOCATION: () => game.error_equivocation(),
  START_MISMATCH: () => game.error_start_mismatch(),
  NOT_DUE: () => game.error_not_due(),
  CENSORED: () => game.error_censored(),
  NOT_ALLOWED: () => game.error_not_allowed(),
  LOG_FULL: () => game.error_log_full(),
  NO_ANSWER: () => game.error_no_answer(),
  NOT_YOUR_TURN: () => game.error_not_your_turn(),
  BAD_MOVE: () => game.error_bad_move(),
  WRONG_PHASE: () => game.error_wrong_phase(),
  BAD_SUPPLY: () => game.error_bad_supply(),
  BAD_OPTIONS: () => game.error_bad_options(),
  UNKNOWN_CARD: () => game.error_unknown_card(),
};

/**
 * Why an intent was refused: the engine's or the session's own sentence in
 * English (it is written there, with details no code carries), else the code's
 * message in the active language (the rule id beside it says which rule).
 */
export function refusedText(code: SessionErrorCode | ErrorCode, detail: string): string {
  return current.locale === 'en' ? detail : REASONS[code]();
}

/**
 * A session error shown to a player (the lobby, pairing, opening a table): its
 * own sentence in English, else its code's message in the active language.
 */
export function errorText(error: {
  readonly code: SessionErrorCode | ErrorCode;
  readonly detail: string;
}): string {
  return current.locale === 'en' ? sentence(error.detail) : REASONS[error.code]();
}

/** `errorText` on a page that has not loaded the game area (the setup page): loads it first. */
export async function errorTextLoaded(error: Parameters<typeof errorText>[0]): Promise<string> {
  await gameReady();
  return errorText(error);
}

/**
 * A rule in our own words, as the rules pages give it ("MT-7" → that rule's
 * text), in the active language once its messages have loaded; null for an id
 * the pages do not list.
 */
export async function ruleWords(rule: string): Promise<string | null> {
  await loadRules(current.locale);
  const said: unknown = Reflect.get(rules, rule.toLowerCase().replace('-', '_'));
  return typeof said === 'function' ? String((said as () => unknown)()) : null;
}
