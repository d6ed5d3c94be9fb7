// net: transports behind one small interface (PeerJS, manual pairing,
// in-memory). Moves strings and bytes, knows no rules; imports nothing of
// ours. Used by session alone (and by tests, bots and benches).
export * from './transport';
export * from './signalling';
export { createMemoryNetwork, MemoryNetwork, type MemoryNetworkOptions } from './memory';
export {
  openPeerTransport,
  PEER_ID_PATTERN,
  type PeerTransport,
  type PeerTransportOptions,
} from './peerjs';
export {
  createManualEndpoint,
  inspectCode,
  type ManualAnswer,
  type ManualEndpointOptions,
  type ManualOffer,
  type ManualTransport,
} from './manual';
