// protocol: fair dealing (mental-poker deck), the signed hash-chained game log,
// the log reducer and the end-of-round audit. Pure; may import the engine only.
// Randomness is passed in.
export {};
