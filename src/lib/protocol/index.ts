// protocol: fair dealing (mental-poker deck), the signed hash-chained game log,
// the log reducer and the end-of-round audit. Pure; may import the engine only.
// Randomness is passed in.
//
// Layout, from the inside out:
//   crypto/  the arithmetic: ristretto255 group, hashing, DRBG, signatures, bytes
//   deck/    one deck: its public state, shuffle and lock hops, their proofs, keys
//   deal/    one round's dealing: secrets, commit–reveal, the deal state, its audit
//   log/     the signed hash-chained log: entries, their kinds, verification
//   table/   the reducer that folds a log into a table, dues, the table audit
//
// Exported: what a reducer, the session and tests build on. The group, hashing,
// DRBG and proof modules stay internal but for the accelerator switch and what the
// device self-check (session/play/deck-check.ts) times.
export * from './errors';
export * from './deal/context';
export * from './log/canonical-json';
export * from './crypto/signing';
export * from './log/entry';
export * from './log/verify';
export * from './log/entry-kinds';
export * from './log/equivocation';
export { SEED_BYTES, seedCommitment } from './deal/peer-secret';
export * from './deck/deck';
export { accelerate } from './crypto/accelerator';
export { tilePoint } from './crypto/group';
export { applyShuffleHop, buildLockHop, buildShuffleHop, type ReceivedHop } from './deck/hops';
export { buildOnReceived, type Run } from './deck/pipeline';
export { driveSplit, evalChunk, type Chunk, type Steps } from './deck/work';
export { knownFace, keysToReveal, keysToShare, type KeyPurpose } from './deck/keys';
export * from './deal/commit-reveal';
export * from './deal/state';
export * from './deal/audit';
export * from './table/state';
export { createTable, applyEntry, applyEntryAll, receiveHopEntry } from './table/reducer';
export { roundHistory } from './table/history';
export { auditTable } from './table/audit';
export { publicTableState, tableHash } from './table/hash';
export { dues, choiceLabel, awaitsChoice, type Due } from './table/due';
export { parseMoveBody, type MoveBody } from './table/move';
export * from './table/peer';
