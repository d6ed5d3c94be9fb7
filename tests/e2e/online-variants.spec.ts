// Every variant over real WebRTC between two Chromium contexts (Mexican Train
// is in online.spec.ts): short house rules, autoplay, game over on both pages
// with one state hash, the same scores and a fair audit. Two of the games are
// opened with `?lang=es` and `?lang=fr`: their lobby (a bot named in each
// viewer's language), table and game over show no English.
import { expect, test } from './fixtures';
import { CREATE, englishLeft, expectTranslated, inLocale } from './helpers-i18n';
import {
  createTable,
  expectSameGameOver,
  joinTable,
  newPlayer,
  type Player,
  setGame,
  startAndAutoplay,
} from './helpers-online';
import { served } from './helpers-table';

const GAMES = [
  {
    variant: 'mexican-train-tournament',
    options: { startDouble: 0, set: 6, handSize: 5 },
    lang: 'es',
  },
  { variant: 'derailing-the-train', options: { set: 3, handSize: 3 }, lang: 'fr' },
  { variant: 'engine-191', options: { tokensToWin: 1 } },
  { variant: 'railominos', options: { rounds: 1 } },
] as const;

/** A bot on the wire is "Bot 1"; each page names it in its own language. */
const BOT = { es: 'Bot 1', fr: 'Robot 1' } as const;

/** The host creates the table from a lobby opened in `lang`; returns the invite link with it. */
async function createTableIn(ann: Player, lang: 'es' | 'fr'): Promise<string> {
  await ann.page.goto(`${served()}lobby?lang=${lang}`);
  await inLocale(ann.page, lang, 'create-online', CREATE[lang]);
  await ann.page.getByTestId('name-input').fill(ann.name);
  await ann.page.getByTestId('create-online').click();
  const invite = ann.page.getByTestId('invite-link');
  await expect(invite).toBeVisible({ timeout: 20_000 });
  return `${await invite.inputValue()}&lang=${lang}`;
}

for (const game of GAMES) {
  const lang = 'lang' in game ? game.lang : undefined;
  const opened = lang ? ` opened with ?lang=${lang}, with no English left` : '';
  test(`${game.variant}: two browsers play it to game over${opened}`, async ({ browser }) => {
    test.setTimeout(180_000);
    const ann = await newPlayer(browser, 'Ann');
    const bob = await newPlayer(browser, 'Bob');
    const players = [ann, bob];
    const link = lang ? await createTableIn(ann, lang) : await createTable(ann);
    await joinTable(bob, link);
    await setGame(ann, game.variant, game.options);
    await expect(bob.page.getByTestId('variant-select')).toHaveValue(game.variant);
    const english = lang ? englishLeft(lang) : [];
    if (lang) {
      await ann.page.getByTestId('add-bot').click();
      for (const p of players) await expect(p.page.getByTestId('seat-2')).toContainText(BOT[lang]);
      await ann.page.getByTestId('remove-seat-2').click();
      await expect(bob.page.getByTestId('seat-2')).toHaveCount(0);
      for (const p of players) {
        await expect(p.page.locator('html')).toHaveAttribute('lang', lang);
        await expectTranslated(p.page, english, `${p.name}'s lobby in ${lang}`);
      }
    }
    await startAndAutoplay(ann, players);
    await expectSameGameOver(players);
    if (lang) {
      for (const p of players) {
        await expect(p.page.locator('html')).toHaveAttribute('lang', lang);
        await expectTranslated(p.page, english, `${p.name}'s game over in ${lang}`);
      }
    }
    expect([...ann.errors, ...bob.errors]).toEqual([]);
  });
}
