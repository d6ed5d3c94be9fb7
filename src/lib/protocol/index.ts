// protocol: fair dealing (mental-poker deck), the signed hash-chained game log,
// the log reducer and the end-of-round audit. Pure; may import the engine only.
// Randomness is passed in.
//
// Exported: what a reducer, the session and tests build on. The group, hashing,
// DRBG and proof modules stay internal but for the accelerator switch and what the
// device self-check (session/deck-check.ts) times.
export * from './errors';
export * from './context';
export * from './canonical-json';
export * from './signing';
export * from './log-entry';
export * from './log-verify';
export * from './entry-kinds';
export { SEED_BYTES, seedCommitment } from './peer-secret';
export * from './deck';
export { accelerate } from './accelerator';
export { tilePoint } from './group';
export { applyShuffleHop, buildLockHop, buildShuffleHop } from './deck-hops';
export { knownFace, keysToReveal, keysToShare, type KeyPurpose } from './deck-keys';
export * from './commit-reveal';
export * from './deal-state';
export * from './deal-audit';
export * from './table-state';
export { createTable, applyEntry } from './table-reducer';
export { auditTable } from './table-audit';
export { publicTableState, tableHash } from './table-hash';
export { dues, choiceLabel, awaitsChoice, type Due } from './table-due';
export { parseMoveBody, type MoveBody } from './table-move';
export * from './table-peer';
