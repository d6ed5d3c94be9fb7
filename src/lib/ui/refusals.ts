// What a refused entry was, in a player's words, by the code every browser
// found (the code and the rule id are shown beside it).
const WORDS: Readonly<Record<string, string>> = {
  ILLEGAL_MOVE: 'a move the rules do not allow',
  NOT_YOUR_TURN: 'a move out of turn',
  BAD_MOVE: 'a move that is not well formed',
  DISCLOSURE_MISMATCH: 'a tile it was not dealt',
  KEY_MISMATCH: 'a key that does not open its tile',
  NOT_AS_COMMITTED: 'a choice other than the one it committed to',
  COMMITMENT_MISMATCH: 'a seed other than the one it committed to',
  BAD_SHUFFLE_PROOF: 'a shuffle it could not prove',
  BAD_LOCK_PROOF: 'a lock it could not prove',
  EQUIVOCATION: 'two different entries for one place in the log',
};

export function refusalWords(code: string): string {
  return WORDS[code] ?? 'an entry that breaks the protocol';
}
