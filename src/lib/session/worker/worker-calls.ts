// The messages between a page and the worker that runs its local tables: calls
// (a client intent, or opening a table) answered by id, and snapshots pushed
// after every change. Everything here is structured-cloneable.
import type { SessionResult } from '../errors';
import type { LocalTableSpec, TableClient } from '../tables/client';
import type { SessionSnapshot } from '../snapshot';
import type { KeptDraft } from '../store/lobby-store';
import type { BridgeDown, BridgeUp } from './transport-bridge';

/** The client's intents: every method of TableClient that answers with a promise. */
export type ClientCall = {
  [K in keyof TableClient]: TableClient[K] extends (...args: never[]) => Promise<unknown>
    ? K
    : never;
}[keyof TableClient];

// A record, so that an intent added to TableClient and not here does not compile.
const CALLS: { readonly [K in ClientCall]: true } = {
  setVariant: true,
  setOption: true,
  setTurnClock: true,
  addBot: true,
  addPlayer: true,
  removeSeat: true,
  moveSeat: true,
  rename: true,
  start: true,
  move: true,
  setAutoplay: true,
  ready: true,
  hint: true,
  resolveStall: true,
  seatNewcomer: true,
  react: true,
  allowWatcherReactions: true,
  proposeRematch: true,
  acceptRematch: true,
  removeMember: true,
  record: true,
};

/** The intents a worker carries out for the page. */
export const CLIENT_CALLS = Object.keys(CALLS) as readonly ClientCall[];

/** An online table: the page holds the transport (its id and open links), the worker the session. */
export interface OnlineOpen {
  readonly room: string;
  readonly member: string;
  readonly name: string;
  readonly peer: string;
  readonly links: readonly string[];
  readonly contact?: string;
  /** The person's keys, coming back to a lobby. */
  readonly person?: { readonly signing: Uint8Array; readonly secret: Uint8Array };
  /** A host coming back to its lobby: its game, set up before any link is heard. */
  readonly draft?: KeptDraft;
}

/** The name a table worker's proof workers are started with (they run its script). */
export const PROOF_WORKER_NAME = 'trainyard-proofs';

/**
 * The page starts a table worker's proof workers and hands it a port to each:
 * a worker that starts a worker itself can hang for good in Firefox (with
 * WebDriver BiDi attached, 1 to 3 starts in 100), before it answers anything.
 */
export type ProofsUp =
  { readonly proofWorker: number; readonly url: string } | { readonly proofEnd: number };
export type ProofsDown =
  | { readonly proofPort: number; readonly port: MessagePort }
  | { readonly proofFailed: number; readonly message: string };

export type ToWorker =
  | { readonly id: number; readonly open: 'start'; readonly spec: Omit<LocalTableSpec, 'store'> }
  | { readonly id: number; readonly open: 'resume'; readonly room: string }
  | { readonly id: number; readonly open: 'host' | 'join' | 'rejoin'; readonly online: OnlineOpen }
  | BridgeDown
  | ProofsDown
  | { readonly id: number; readonly call: ClientCall; readonly args: readonly unknown[] }
  | { readonly id: number; readonly close: true };

export type FromWorker =
  | { readonly id: number; readonly result: SessionResult<unknown> }
  | { readonly snapshot: SessionSnapshot }
  | BridgeUp
  | ProofsUp;
