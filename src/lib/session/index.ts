// session: wires protocol, net and bots for one table (lobby, seats, relay,
// reconnect, persistence, desync alarms). May import engine, protocol, net, bots.
export { deckCheck, type DeckCheck } from './deck-check';
export * from './errors';
export * from './snapshot';
export {
  cleanName,
  gameId,
  MAX_NAME_LENGTH,
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
  type SessionTiming,
} from './session';
export { resumeLocalTable, startLocalTable } from './local-tables';
export {
  clientFor,
  newRoomId,
  resumeTableHere,
  startTableHere,
  type LocalSeatSpec,
  type LocalTableSpec,
  type TableClient,
} from './client';
export { fromStored, toStored } from './persist';
export { openTableStore, type TableList, type TableStore, type TableSummary } from './store';
export type { StoredTable } from './stored-table';
export {
  hasLobby,
  hostOnlineTable,
  inviteLink,
  joinOnlineTable,
  parseInvite,
  rejoinOnlineLobby,
  rejoinOnlineTable,
  type Invite,
  type OnlineOptions,
} from './online-tables';
export { forgetLobby, noteLobby } from './lobby-store';
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
} from './paired-tables';
export { isPairedRoom } from './paired-rooms';
export { hostOnlineHere, joinOnlineHere, peerIdFor, resumeOnlineHere } from './client';
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
export { storedTables } from './stored-tables';
