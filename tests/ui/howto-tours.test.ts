// The first-time walkthrough follows the variant played: each variant's tour (its
// file in ui/variants) has words in every language for every step, faces its set
// has, and nothing of another variant's rules.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VARIANT_IDS, type VariantId } from '$lib/engine';
import { HOWTO_STEP_IDS, type HowtoTour } from '$lib/ui/howto/steps';
import { variantTour } from '$lib/ui/variants';

const LOCALES = ['en', 'es', 'fr'] as const;
const words = (locale: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(`src/lib/ui/i18n/messages/howto/${locale}.json`, 'utf8'));
const tours = Object.fromEntries(
  await Promise.all(VARIANT_IDS.map(async (id) => [id, await variantTour(id)] as const)),
) as Record<VariantId, HowtoTour>;
const english = (id: VariantId): string =>
  tours[id].steps
    .map((s) => `${words('en')[`${s.id}_title`]} ${words('en')[`${s.id}_text`]}`)
    .join(' ');

describe.each(VARIANT_IDS)('the %s walkthrough', (id) => {
  const tour = tours[id];

  it('opens on the hand, names each step once, and says every step in every language', () => {
    const ids = tour.steps.map((s) => s.id);
    expect(ids[0]).toBe('hand');
    expect(new Set(ids).size).toBe(ids.length);
    for (const locale of LOCALES) {
      const w = words(locale);
      for (const step of ids) {
        expect(w[`${step}_title`], `${locale} ${step}_title`).toMatch(/\S/);
        expect(w[`${step}_text`], `${locale} ${step}_text`).toMatch(/\S/);
      }
    }
  });

  it('draws faces its set holds', () => {
    const [low, high] = tour.railroads ? [-1, 7] : [0, 12];
    for (const step of tour.steps) {
      for (const row of step.rows) {
        for (const ends of row.tiles) for (const e of ends) expect(e).toBeGreaterThanOrEqual(low);
        for (const ends of row.tiles) for (const e of ends) expect(e).toBeLessThanOrEqual(high);
      }
    }
  });
});

it('every step some tour shows has its words; none is unused', () => {
  const shown = new Set(VARIANT_IDS.flatMap((id) => tours[id].steps.map((s) => s.id)));
  expect([...shown].sort()).toEqual([...HOWTO_STEP_IDS].sort());
});

it('each tour teaches its own rules (MT-8, DT-7, E-9, R-1, R-7)', () => {
  expect(english('mexican-train')).toMatch(/Mexican Train is open to all/);
  expect(english('mexican-train-tournament')).toMatch(/Mexican Train is open to all/);
  expect(english('derailing-the-train')).toMatch(/derailed/);
  expect(english('derailing-the-train')).not.toMatch(/Mexican/);
  expect(english('engine-191')).toMatch(/score yard/);
  expect(english('engine-191')).not.toMatch(/Mexican|marker/);
  expect(english('railominos')).toMatch(/FRISCO/);
  expect(english('railominos')).not.toMatch(/Mexican|marker|pips in/);
  expect(tours.railominos.railroads).toBe(true);
});
