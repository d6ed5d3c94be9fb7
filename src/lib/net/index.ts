// net: transports behind one small interface (PeerJS, manual pairing,
// in-memory). Moves bytes and knows no rules; imports nothing of ours.
export {};
