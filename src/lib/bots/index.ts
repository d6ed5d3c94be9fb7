// bots: pure players. Given a player's view, its legal moves and a seeded random
// source, choose a move. May import the engine only.
export {};
