// engine: the pure, deterministic rules of every variant (tiles, sets, moves,
// scoring, rounds) on player views. Imports nothing of ours; no DOM, network,
// time or Math.random.
export {};
