// Each variant's rules in our own words, rule by rule with the ids the engine
// and its tests cite (RULES.md is the binding text), and a few tiles to show.
import type { VariantId } from '$lib/engine';

export interface RuleItem {
  readonly id: string;
  readonly text: string;
}

export interface RuleSection {
  readonly title: string;
  readonly items: readonly RuleItem[];
  /** Tiles to draw beside the section: [a, b] pairs (railroad indices for Railominos). */
  readonly tiles?: readonly (readonly [number, number])[];
  readonly caption?: string;
}

export interface VariantRules {
  readonly intro: string;
  readonly sections: readonly RuleSection[];
}

export const COMMON: RuleSection = {
  title: 'For every game',
  items: [
    {
      id: 'C-1',
      text: 'A double-N set has one tile for every pair of numbers from 0 to N, blanks and doubles included: 28 tiles in a double-6 set, 55 in double-9, 91 in double-12.',
    },
    {
      id: 'C-2',
      text: 'We write a tile as its two ends with the bigger first, like 12-5. A tile is worth the sum of its pips; the double blank is worth nothing.',
    },
    {
      id: 'C-3',
      text: 'Seats go round clockwise; the player to your left plays after you.',
    },
    {
      id: 'C-4',
      text: 'Chance (the deal, who starts when luck decides) comes from the players’ browsers shuffling together, never from one of them alone.',
    },
    {
      id: 'C-5',
      text: 'You may draw (or pass, where nothing is left to draw) only when you have nothing to play. After drawing, the drawn tile is the only one you may play, and you may keep it instead, unless it answers a double you are bound to answer.',
    },
    {
      id: 'C-6',
      text: 'Everyone always sees how many tiles each player holds; a player down to a single tile is shown as knocking.',
    },
    {
      id: 'C-7',
      text: 'A round is blocked when every player in turn has passed with nothing left to draw and no tile was laid in between.',
    },
  ],
  tiles: [
    [12, 5],
    [6, 6],
    [0, 0],
  ],
  caption: '12-5 is worth 17; a double lies crosswise on the table.',
};

const MT_SHARED: readonly RuleItem[] = [
  {
    id: 'MT-5',
    text: 'After your first turn you lay one tile a turn (doubles aside): on your own train, on the Mexican Train (or start it from the engine once your own train has begun), or on anyone’s train that carries a marker, even an empty one.',
  },
  {
    id: 'MT-8',
    text: 'Nothing to play? Draw one. If it fits you may lay it; if not, put your marker on your train. With the boneyard empty, put your marker out and pass.',
  },
  {
    id: 'MT-9',
    text: 'Your marker comes off when you lay a tile on your own train again. While it is out, anyone may play there.',
  },
  {
    id: 'MT-10',
    text: 'The round ends when someone lays their last tile (a last double needs no answer) or when everyone passes in turn with the boneyard empty.',
  },
  {
    id: 'MT-11',
    text: 'Everyone adds the pips still in their hand to their total. After the last round the lowest total wins; equal totals share the win.',
  },
];

export const RULES: Readonly<Record<VariantId, VariantRules>> = {
  'mexican-train': {
    intro:
      'Every player builds a train of dominoes out from a central engine, and everyone shares one more, the Mexican Train. Empty your hand before the others and keep your pips low.',
    sections: [
      {
        title: 'The deal and the engine',
        items: [
          {
            id: 'MT-1',
            text: 'A double-12 set for 2 to 8 players. Two to four players take 15 tiles each, five or six take 11, seven or eight take 8; the rest form the boneyard.',
          },
          {
            id: 'MT-2',
            text: 'A game has 13 rounds (the table may choose 1 to 13). The highest double in anyone’s hand is called and laid in the middle as the engine. If nobody has one, players draw a tile each in turn, starting left of the last round’s starter, until a double turns up; its owner lays it.',
          },
          {
            id: 'MT-3',
            text: 'Whoever lays the engine then takes a normal first turn, and play continues to the left.',
          },
          {
            id: 'MT-4',
            text: 'On your first turn you may only try to begin your own train with a tile that matches the engine. If you cannot, draw one; lay it if it begins your train, otherwise your marker goes on your empty train.',
          },
        ],
        tiles: [
          [12, 12],
          [12, 7],
          [7, 3],
        ],
        caption: 'The 12-12 engine with a train begun: 12-7, then 7-3.',
      },
      { title: 'Your turn', items: MT_SHARED.slice(0, 3) },
      {
        title: 'Doubles',
        items: [
          {
            id: 'MT-6',
            text: 'A double lies crosswise and must be answered at once by the same player with a matching tile laid on it. If you cannot, draw one and lay it there if it fits; otherwise your marker goes out and your turn ends.',
          },
          {
            id: 'MT-7',
            text: 'While a double waits for its answer, every player in turn must answer it (drawing once if needed, marker out if that fails). Nothing else may be played meanwhile; play picks up to the left of whoever answered it.',
          },
        ],
        tiles: [
          [8, 8],
          [8, 2],
        ],
        caption: 'The 8-8 waits until someone lays an 8 on it.',
      },
      { title: 'End of a round', items: MT_SHARED.slice(3) },
    ],
  },
  'mexican-train-tournament': {
    intro:
      'Tournament play: the same trains as Mexican Train, but each round opens on a known double, the first turn is free, and unanswered doubles pile up.',
    sections: [
      {
        title: 'Set-up',
        items: [
          {
            id: 'TT-1',
            text: 'A double-12 set for 2 to 8 players (6 is usual). Up to six players take 12 tiles each, seven or eight take 10.',
          },
          {
            id: 'TT-2',
            text: 'Before the first round everyone turns up a random tile; the biggest total starts (ties draw again). The first player moves one seat to the left each round.',
          },
          {
            id: 'TT-3',
            text: 'The engine is fixed: 9-9 in the first round (the table may pick any starting double), then one lower each round down to 0-0. It is set aside face up before the shuffle.',
          },
          {
            id: 'TT-4',
            text: 'No first-turn limit: anyone may begin their own train or the Mexican Train at any time.',
          },
        ],
        tiles: [
          [9, 9],
          [8, 8],
          [7, 7],
        ],
        caption: 'Round by round the engine counts down: 9-9, 8-8, 7-7 …',
      },
      {
        title: 'Doubles',
        items: [
          {
            id: 'TT-5',
            text: 'After laying a double you owe one more tile, anywhere it fits (not necessarily on the double). If you cannot, draw one and you may lay it; if you do not, your marker goes out and the double stays open. A second double means yet another tile owed. A game runs from the starting double down to 0-0.',
          },
          {
            id: 'TT-6',
            text: 'Open doubles stack up, and the newest must be answered first, even on a private train. Whoever cannot answer it draws one; if that fails, they put their marker out and the duty moves left.',
          },
          {
            id: 'TT-7',
            text: 'Going out on a double ends the round: it needs no answer.',
          },
        ],
      },
      {
        title: 'Results',
        items: [
          ...MT_SHARED,
          {
            id: 'TT-8',
            text: 'Everyone is ranked by total, lowest first; the table shows first and second place.',
          },
          {
            id: 'TT-9',
            text: 'A newcomer may join between rounds, starting with the highest total at the table.',
          },
        ],
      },
    ],
  },
  'derailing-the-train': {
    intro:
      'Personal trains and one community train run from a platform double; doubles are derailers that knock a train off its rails until someone puts it back.',
    sections: [
      {
        title: 'Set-up',
        items: [
          {
            id: 'DT-1',
            text: 'Two to four players use a double-9 set, five to eight a double-12 (the table may choose); 10 tiles each (also a choice).',
          },
          {
            id: 'DT-2',
            text: 'One round, a “platform”, per double in the set, each with a fresh deal. The highest double not yet used as a platform is called and laid by its holder. If nobody has one, everyone draws a tile at once, again and again, until someone does.',
          },
          {
            id: 'DT-3',
            text: 'Whoever laid the platform plays first; play goes left.',
          },
          {
            id: 'DT-4',
            text: 'Each player has a train running from the platform toward them. Only its owner may play on it, unless it has been made public.',
          },
          {
            id: 'DT-5',
            text: 'There is at most one community train; anyone may start it with a tile that matches the platform, and it is always open to all.',
          },
        ],
        tiles: [
          [9, 9],
          [9, 4],
          [4, 1],
        ],
        caption: 'The 9-9 platform with a train running from it.',
      },
      {
        title: 'Playing and derailing',
        items: [
          {
            id: 'DT-6',
            text: 'One tile a turn. With nothing to play, draw one and lay it if you can; otherwise a marker goes on your train, which becomes public. It comes off when you play on your own train again.',
          },
          {
            id: 'DT-7',
            text: 'A double is a derailer: anyone may lay it on any train whose end matches, their own included. That train is derailed, gets a marker and stays public until its owner next plays on it.',
          },
          {
            id: 'DT-8',
            text: 'Any player puts a derailed train back on track by laying a matching tile on the derailer. The player who derailed it may do that at once with a second tile, or stop.',
          },
          {
            id: 'DT-9',
            text: 'While your train is derailed you may play only on your derailer, to set it back on track; otherwise you draw one each turn.',
          },
          {
            id: 'DT-10',
            text: 'While the community train is derailed, the only plays anywhere are putting it back on track and owners rescuing their own trains.',
          },
        ],
        tiles: [
          [4, 4],
          [4, 2],
        ],
        caption: 'A 4-4 derailer across a train; a 4 sets it back on track.',
      },
      {
        title: 'End of a platform',
        items: [
          {
            id: 'DT-11',
            text: 'With the boneyard empty play goes on until it is blocked; a platform also ends when someone lays their last tile.',
          },
          {
            id: 'DT-12',
            text: 'Everyone adds the pips left in their hand. Lowest total after the last platform wins.',
          },
          {
            id: 'DT-13',
            text: 'Going out with a derailer hands its value to whoever it hit: the owner of the train, every other player for the community train, yourself for your own train. Not when you derail and put back on track in the same turn.',
          },
        ],
      },
    ],
  },
  'engine-191': {
    intro:
      'Lines of track and stations run from a main station; tiles you draw land face up in your score yard, and you may tear up your own track to draw more.',
    sections: [
      {
        title: 'Set-up',
        items: [
          {
            id: 'E-1',
            text: 'Two players: double-6 set, 9 tiles each. Three: double-9, 11 each. Four: double-9, 9 each. Everyone also has a score yard anyone can see, and removed track goes to a discard pile anyone can see.',
          },
          {
            id: 'E-2',
            text: 'Each round, everyone picks a tile from their hand in secret (a double if they have one, or any tile) and all show at once. The lowest double shown becomes the main station and its owner starts; the other tiles go back. If nobody showed a double, the round is dealt again.',
          },
          {
            id: 'E-3',
            text: 'Each player owns a line from the main station toward them. Plain tiles are track; doubles are stations. A line starts with a tile matching the main station.',
          },
        ],
        tiles: [
          [3, 3],
          [3, 5],
          [5, 5],
        ],
        caption: 'Main station 3-3, a piece of track, then a 5-5 station.',
      },
      {
        title: 'Your turn',
        items: [
          {
            id: 'E-4',
            text: 'At the start of your turn you may remove track: the tiles of your own line beyond its last station (a station at the very end goes with them). They go face up to the discard pile, and for each removal you draw a tile into your score yard. Never past the main station. You may do it more than once.',
          },
          {
            id: 'E-5',
            text: 'A station at the end of a line with nothing after it is incomplete (the main station and one laid bare by removing track do not count). While one exists, you must continue one of them, unless you made it this very turn; its owner may remove track instead.',
          },
          {
            id: 'E-6',
            text: 'Lay one tile from your hand or your yard on any line, even an opponent’s empty one. On someone else’s line you then draw a tile into your hand, except when completing a station or when it was your last tile. With boneyard and discard both empty, you may play on another line only to complete a station.',
          },
          {
            id: 'E-7',
            text: 'A tile played from your score yard is replaced there by a tile of your choice from your hand.',
          },
          {
            id: 'E-8',
            text: 'Track ends your turn; a station lets you play again at once (anywhere allowed) or stop, and so on.',
          },
          {
            id: 'E-9',
            text: 'If you cannot or would rather not play, take a tile from the boneyard into your score yard, face up; you may then play only that tile (replacing it from your hand) or pass. Unlike other games you may draw even when you could play, except when a station must be completed.',
          },
          {
            id: 'E-10',
            text: 'When a draw is due and the boneyard is empty, the discard pile is shuffled into a new boneyard.',
          },
        ],
      },
      {
        title: 'Scoring',
        items: [
          {
            id: 'E-11',
            text: 'A round ends when someone empties their hand, or when nothing is left to draw and everyone is stuck.',
          },
          {
            id: 'E-12',
            text: 'Your round score is the pips in your hand plus your yard. The lowest score takes a win token (ties each take one). The first to 3 tokens (a table choice) wins; several at once share it.',
          },
        ],
      },
    ],
  },
  railominos: {
    intro:
      'Railroad heralds instead of pips: match railroads along one line that grows west and east from a leader, and score for open doubles and matching ends.',
    sections: [
      {
        title: 'The pieces',
        items: [
          {
            id: 'R-1',
            text: 'Each piece carries two of eight railroads: BN, IC, SCL, UP, ATSF, SOO, WP and CNW. Every pairing is there once, doubles included (36 pieces), plus the special FRISCO piece: 37 in all. For 2 to 5 players.',
          },
          {
            id: 'R-2',
            text: 'Everyone gets 7 pieces; one more is turned up as the leader (turn another if it is FRISCO). The rest stay face down and out of play.',
          },
          {
            id: 'R-3',
            text: 'Chance picks the first player in round 1; then it moves one seat left each round. The layout is a single line through the leader, open at its west and east ends.',
          },
        ],
        tiles: [
          [0, 3],
          [3, 3],
          [3, 4],
        ],
        caption: 'BN-UP, the UP double crosswise, then UP-ATSF.',
      },
      {
        title: 'Playing and scoring',
        items: [
          {
            id: 'R-4',
            text: 'Lay a piece on an open end showing one of its railroads. Doubles lie crosswise and stay open until a piece is laid off them (a double leader may be played off on either side).',
          },
          {
            id: 'R-5',
            text: 'FRISCO may go on any open end on your turn; that end keeps its railroad. FRISCO laid on an open double closes it.',
          },
          {
            id: 'R-6',
            text: 'After each play the player scores 2 for every open double on the table, 2 more if both ends show the same railroad, and 1 more if the piece was FRISCO.',
          },
          { id: 'R-7', text: 'If you cannot play, you pass; nobody draws.' },
          {
            id: 'R-8',
            text: 'The round ends when someone lays their last piece (scored as usual plus 1 for going out, and everyone else loses 1 per piece left) or when everyone passes in turn (everyone loses 1 per piece). A game is 3 rounds (a table choice); the highest total wins.',
          },
          {
            id: 'R-9',
            text: 'The line never branches: it keeps exactly two open ends.',
          },
        ],
        tiles: [[-1, -1]],
        caption: 'FRISCO fits any open end.',
      },
    ],
  },
};

// House rules (RULES.md H-1…H-4): table options, each off unless the table turns it on.
const H1: RuleItem = {
  id: 'H-1',
  text: 'Double blank (a table option): the 0-0 left in a hand at the end of a round counts the points the table chose, often 50, instead of nothing.',
};
const H2: RuleItem = {
  id: 'H-2',
  text: 'Opening run (a table option): on your first turn of a round lay as many tiles on your own train as you like, one after another, then end your turn. A double in the run is answered by your next tile on it; you cannot stop on an unanswered double (answer it, or draw as usual). When nothing more fits, your turn ends by itself.',
};
const H3_DRAW =
  'Draw until you can play (a table option): when you would draw one tile for want of a play, keep drawing one at a time until a drawn tile can be played or the boneyard is empty. You may lay that tile, and must if it answers a double you are bound to answer; if none fits, your marker goes out as usual.';
const H3: RuleItem = { id: 'H-3', text: H3_DRAW };
const H3_MT: RuleItem = {
  id: 'H-3',
  text: `${H3_DRAW} Not on your first turn of a round: there you draw just one.`,
};
const H4: RuleItem = {
  id: 'H-4',
  text: 'Mexican Train first (a table option): you may begin the Mexican Train before your own train has begun; your first turn of a round is still for your own train.',
};

/** The house rules each variant offers, shown after its own sections. */
export const HOUSE_RULES: Readonly<Partial<Record<VariantId, RuleSection>>> = {
  'mexican-train': { title: 'House rules', items: [H1, H2, H3_MT, H4] },
  'mexican-train-tournament': { title: 'House rules', items: [H1, H3] },
  'derailing-the-train': { title: 'House rules', items: [H3] },
};
