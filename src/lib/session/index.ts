// session: wires protocol, net and bots for one table (lobby, seats, relay,
// reconnect, persistence, desync alarms). May import engine, protocol, net, bots.
export { deckCheck, type DeckCheck } from './play/deck-check';
export * from './errors';
export * from './snapshot';
export {
  cleanName,
  gameId,
  MAX_NAME_LENGTH,
  TURN_CLOCKS,
  type TurnClock,
  type Agreement,
  type SeatSetup,
  type TableSetup,
} from './setup';
export {
  type EquivocationEvidence,
  type RecordSegment,
  DEFAULT_TIMING,
  hostTable,
  joinTable,
  Session,
  type SessionOptions,
  type SessionTimers,
  type SessionTiming,
} from './session';
export { REACTION_GAP_MS } from './play/reactions';
export { resumeLocalTable, startLocalTable } from './tables/local-tables';
export {
  clientFor,
  newRoomId,
  resumeTableHere,
  startTableHere,
  type LocalSeatSpec,
  type LocalTableSpec,
  type TableClient,
} from './tables/client';
export { fromStored, toStored } from './store/persist';
export { openTableStore, type TableList, type TableStore, type TableSummary } from './store/store';
export type { StoredTable } from './store/stored-table';
export {
  hasLobby,
  hostOnlineTable,
  inviteLink,
  joinOnlineTable,
  nobodyAnswers,
  parseInvite,
  rejoinOnlineLobby,
  rejoinOnlineTable,
  type Invite,
  type OnlineOptions,
} from './tables/online-tables';
export { forgetLobby, noteLobby } from './store/lobby-store';
export {
  answerPairing,
  checkPairingCode,
  checkReturnOffer,
  hostPairedTable,
  pairingCodeIn,
  pairingLink,
  resumePairedLobby,
  resumePairedTable,
  type PairedOptions,
  type PairedTable,
  type PairingAnswer,
  type PairingBack,
  type PairingOffer,
  type ReturningLobby,
  type ReturningTable,
} from './tables/paired-tables';
export { isPairedRoom } from './tables/paired-rooms';
export { prepareTableWorker } from './worker/remote-client';
export { hostOnlineHere, joinOnlineHere, peerIdFor, resumeOnlineHere } from './tables/client';
export { BOT_LEVELS, type BotLevel } from '$lib/bots';
// Where online tables find each other, for the UI's settings (ui reaches net through session).
export {
  defaultNetSettings,
  describeSignalling,
  detectSignalling,
  parseNetSettings,
  serializeNetSettings,
  signallingFor,
  type IceServer,
  type NetSettings,
  type SettingsIssue,
  type Signalling,
  type SignallingChoice,
} from '$lib/net';
export { storedTables } from './store/stored-tables';
