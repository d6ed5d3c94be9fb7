// A seat's name as this viewer reads it, at the table and in the lobby.
import game from './i18n/game';

/**
 * An unnamed bot's "Bot n" (or an older host's "Bot n (easy)") in the viewer's
 * language; any other name as given.
 */
export function seatLabel(name: string, bot: boolean): string {
  const n = bot ? /^Bot (\d+)(?: \((?:easy|medium|hard)\))?$/.exec(name)?.[1] : undefined;
  return n === undefined ? name : game.bot_n({ n });
}
