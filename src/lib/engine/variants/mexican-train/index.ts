// Mexican Train (MT-1…MT-11) and its tournament rules (TT-1…TT-9): one engine,
// two rule configurations (rules.ts).
import { MEXICAN_TRAIN, TOURNAMENT } from './rules';
import { makeVariant } from './variant';

export const mexicanTrain = makeVariant(MEXICAN_TRAIN);
export const mexicanTrainTournament = makeVariant(TOURNAMENT);
export { joinSeat } from './join';
export { layTile, openAt, trainAt } from './board';
export { rulesOf } from './rules';
export type { MtRules } from './rules';
export { settleScores, places } from './scoring';
export type { MtState, Train, PendingDouble, Opening, TurnStep } from './state';
