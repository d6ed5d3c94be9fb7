// The board's words (lane names, captions, badges, its status pill) in the
// active language, for the render layer, which knows only English by itself.
import type { BoardWords } from '$lib/render/board-types';
import game from './i18n/game';
import type { Locale } from './i18n/locale.svelte';

export function boardWords(lang: Locale): BoardWords {
  return {
    lang,
    you: game.board_you(),
    player: (n) => game.board_player({ n }),
    engine: game.board_engine(),
    mexicanTrain: game.board_mexican_train(),
    platform: game.board_platform(),
    communityTrain: game.board_community_train(),
    mainStation: game.board_main_station(),
    scoreYard: game.score_yard(),
    discardPile: game.discard_title(),
    theLine: game.board_the_line(),
    setAside: game.board_set_aside(),
    train: game.board_train(),
    personalTrain: game.board_personal_train(),
    line: game.board_line(),
    round: (round) => game.board_round({ round }),
    platformOf: (round, of) => game.board_platform_of({ round, of }),
    notLaid: game.board_not_laid(),
    notBegun: game.board_not_begun(),
    openToAll: game.board_open_to_all(),
    notChosen: game.board_not_chosen(),
    pips: (count) => game.pips_count({ count }),
    removedTrack: game.board_removed_track(),
    waitingLeader: game.board_waiting_leader(),
    westEast: (west, east) => game.board_west_east({ west, east }),
    outOfRound: game.board_out_of_round(),
    dealing: game.status_dealing(),
    opening: game.board_opening(),
    roundOver: game.status_round_over(),
    gameOver: game.status_game_over(),
    pillYou: game.board_pill_you(),
    pillTurn: game.board_pill_turn(),
    pillMarker: game.board_pill_marker(),
    pillDerailed: game.board_pill_derailed(),
    pillNeeds: (suit) => game.board_pill_needs({ suit }),
    pillLastTile: game.board_pill_last_tile(),
    pillInHand: (count) => game.board_pill_in_hand({ count }),
    pillTiles: (count) => game.tiles_count({ count }),
  };
}
