// Issue 31: a bot's name is drawn in each viewer's language; the wire keeps a
// language-free "Bot n" (an older host's "Bot n (easy)" reads the same).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seatLabel } from '$lib/ui/seat-label';
import { load as loadGame } from '$lib/ui/i18n/game';
import { current } from '$lib/ui/i18n/locale.svelte';

beforeAll(() => Promise.all([loadGame('en'), loadGame('es'), loadGame('fr')]));
afterAll(() => {
  current.locale = 'en';
});

it('an unnamed bot reads in the viewer’s language, with no level baked in', () => {
  current.locale = 'es';
  expect(seatLabel('Bot 1', true)).toBe('Bot 1');
  expect(seatLabel('Bot 1 (easy)', true)).toBe('Bot 1');
  current.locale = 'fr';
  expect(seatLabel('Bot 2', true)).toBe('Robot 2');
  expect(seatLabel('Bot 3 (hard)', true)).toBe('Robot 3');
  // A name someone gave, and a person's seat, stay as they are.
  expect(seatLabel('Casey', true)).toBe('Casey');
  expect(seatLabel('Bot 1', false)).toBe('Bot 1');
  expect(seatLabel('Bot 1 (easy) (bot fácil)', true)).toBe('Bot 1 (easy) (bot fácil)');
});
