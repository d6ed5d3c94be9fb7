// What a browser takes in play is what its store keeps: the size bounds both
// check, in a module of their own (the store's check loads no cryptography).

/** A setup's canonical JSON text, in a `propose` or a `begin` and as stored. */
export const MAX_SETUP_LENGTH = 1 << 16;
/** A seat's or a member's name. */
export const MAX_NAME_LENGTH = 40;
/**
 * Entries in one segment's log: play ends at this many (LOG_FULL), so the store,
 * which refuses a longer log, keeps every table play took.
 */
export const MAX_LOG_ENTRIES = 100_000;
/** Segments of one game (each change of seats starts one). */
export const MAX_SEGMENTS = 64;
