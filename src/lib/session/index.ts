// session: wires protocol, net and bots for one table (lobby, seats, relay,
// reconnect, persistence, desync alarms). May import engine, protocol, net, bots.
export { deckCheck, type DeckCheck } from './deck-check';
