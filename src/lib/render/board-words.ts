// The board's own words (lane names and captions, badges, the status pill). The
// page gives them in its language; English is what the render layer knows alone.

export interface BoardWords {
  /** Which language these are (a change of it redraws the board). */
  readonly lang: string;
  readonly you: string;
  readonly player: (n: number) => string;
  readonly engine: string;
  readonly mexicanTrain: string;
  readonly platform: string;
  readonly communityTrain: string;
  readonly mainStation: string;
  readonly scoreYard: string;
  readonly discardPile: string;
  readonly theLine: string;
  readonly setAside: string;
  readonly train: string;
  readonly personalTrain: string;
  readonly line: string;
  readonly round: (n: number) => string;
  readonly platformOf: (n: number, of: number) => string;
  readonly notLaid: string;
  readonly notBegun: string;
  readonly openToAll: string;
  readonly notChosen: string;
  readonly pips: (n: number) => string;
  readonly removedTrack: string;
  readonly waitingLeader: string;
  readonly westEast: (west: string, east: string) => string;
  readonly outOfRound: string;
  readonly dealing: string;
  readonly opening: string;
  readonly roundOver: string;
  readonly gameOver: string;
  readonly pillYou: string;
  readonly pillTurn: string;
  readonly pillMarker: string;
  readonly pillDerailed: string;
  readonly pillNeeds: (suit: string) => string;
  readonly pillLastTile: string;
  readonly pillInHand: (n: number) => string;
  readonly pillTiles: (n: number) => string;
}

export const ENGLISH_BOARD_WORDS: BoardWords = {
  lang: 'en',
  you: 'You',
  player: (n) => `Player ${n}`,
  engine: 'Engine',
  mexicanTrain: 'Mexican Train',
  platform: 'Platform',
  communityTrain: 'Community train',
  mainStation: 'Main station',
  scoreYard: 'Score yard',
  discardPile: 'Discard pile',
  theLine: 'The line',
  setAside: 'Set aside',
  train: 'train',
  personalTrain: 'personal train',
  line: 'line',
  round: (n) => `round ${n}`,
  platformOf: (n, of) => `platform ${n} of ${of}`,
  notLaid: 'not laid yet',
  notBegun: 'not begun',
  openToAll: 'open to all',
  notChosen: 'not chosen yet',
  pips: (n) => `${n} pips`,
  removedTrack: 'removed track',
  waitingLeader: 'waiting for the leader',
  westEast: (west, east) => `west ${west} · east ${east}`,
  outOfRound: 'out of this round',
  dealing: 'Dealing…',
  opening: 'Opening the round…',
  roundOver: 'Round over',
  gameOver: 'Game over',
  pillYou: 'YOU',
  pillTurn: '● TO PLAY',
  pillMarker: 'MARKER',
  pillDerailed: 'DERAILED',
  pillNeeds: (suit) => `NEEDS ${suit}`,
  pillLastTile: 'LAST TILE',
  pillInHand: (n) => `${n} in hand`,
  pillTiles: (n) => `${n} ${n === 1 ? 'tile' : 'tiles'}`,
};
