// The first-time walkthrough follows the variant played: each variant's tour (its
// file in ui/variants/tours) has words in every language for every step, draws
// only faces its set holds, and teaches its own rules, not another variant's.
import { beforeAll, describe, expect, it } from 'vitest';
import { VARIANT_IDS, variantOf, type VariantId } from '$lib/engine';
import type { HowtoStep, HowtoTour } from '$lib/ui/howto/steps';
import { load as loadHowto } from '$lib/ui/i18n/howto';
import { current, LOCALES, type Locale } from '$lib/ui/i18n/locale.svelte';
import { variantTour } from '$lib/ui/variants';

const tours = Object.fromEntries(
  await Promise.all(VARIANT_IDS.map(async (id) => [id, await variantTour(id)] as const)),
) as Record<VariantId, HowtoTour>;

beforeAll(() => Promise.all(LOCALES.map((l) => loadHowto(l))));

/** A step's words in `locale`: title, text and the example line if it has one. */
function said(step: HowtoStep, locale: Locale): string[] {
  const was = current.locale;
  current.locale = locale;
  try {
    return [step.title(), step.text(), ...(step.example ? [step.example()] : [])];
  } finally {
    current.locale = was;
  }
}
const english = (id: VariantId): string => tours[id].steps.flatMap((s) => said(s, 'en')).join(' ');

describe.each(VARIANT_IDS)('the %s walkthrough', (id) => {
  const tour = tours[id];

  it('opens on the hand and names each step once', () => {
    const ids = tour.steps.map((s) => s.id);
    expect(ids[0]).toBe('hand');
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(4);
  });

  it.each(LOCALES)('says every step in %s', (locale) => {
    for (const step of tour.steps) {
      for (const words of said(step, locale)) expect(words, `${locale} ${step.id}`).toMatch(/\S/);
    }
    // Each language its own words, not English left in (the i18n check finds a missing key).
    if (locale !== 'en') {
      const ours = tour.steps.map((s) => said(s, locale)[1]);
      expect(ours).not.toEqual(tour.steps.map((s) => said(s, 'en')[1]));
    }
  });

  it.each(['fewest', 'most'] as const)(
    'draws only pieces its set holds with the %s players, in its own faces',
    (count) => {
      const v = variantOf(id);
      const players = count === 'fewest' ? v.minPlayers : v.maxPlayers;
      const options = v.checkOptions(players, {});
      if (!options.ok) throw new Error(`${id}: default options refused`);
      const set = v.tileSet(players, options.value);
      expect(set.faces).toBe(v.faces);
      const held = new Set(set.tiles.map((t) => `${t.hi}|${t.lo}`));
      for (const step of tour.steps) {
        for (const row of step.rows) {
          for (const [a, b] of row.tiles) {
            expect(held.has(`${Math.max(a, b)}|${Math.min(a, b)}`), `${step.id}: ${a}-${b}`).toBe(
              true,
            );
          }
          if (row.lit !== undefined) expect(row.lit).toBeLessThan(row.tiles.length);
        }
      }
    },
  );
});

describe('each tour teaches its own rules', () => {
  it('Mexican Train: the Mexican Train, markers, drawing, lowest pips (MT-5, MT-8, MT-11)', () => {
    const words = english('mexican-train');
    expect(words).toMatch(/Mexican Train is open to all/);
    expect(words).toMatch(/marker/);
    expect(words).toMatch(/lowest total/);
  });

  it('tournament rules: a set engine, the Mexican Train any time, one more tile after a double (TT-3…TT-6)', () => {
    const words = english('mexican-train-tournament');
    expect(words).toMatch(/9-9/);
    expect(words).toMatch(/start the Mexican Train at any time/);
    expect(words).toMatch(/one more tile, anywhere/);
    expect(words).not.toMatch(/nobody plays anywhere else/);
    expect(words).toMatch(/lowest total/);
  });

  it('Derailing the Train: platforms, the community train, derailers (DT-2, DT-5, DT-7)', () => {
    const words = english('derailing-the-train');
    expect(words).toMatch(/platform/);
    expect(words).toMatch(/community train/);
    expect(words).toMatch(/derailed/);
    expect(words).not.toMatch(/Mexican|engine/);
  });

  it('Engine 191: the main station, the score yard, Remove track, win tokens (E-2, E-4, E-9, E-12)', () => {
    const words = english('engine-191');
    expect(words).toMatch(/main station/);
    expect(words).toMatch(/score yard/);
    expect(words).toMatch(/Remove track/);
    expect(words).toMatch(/token/);
    expect(words).not.toMatch(/Mexican|marker|boneyard/);
  });

  it('Railominos: railroads, points as you play, no drawing, highest wins (R-1, R-6, R-7, R-8)', () => {
    const words = english('railominos');
    expect(words).toMatch(/FRISCO/);
    expect(words).toMatch(/no drawing|never drawn/i);
    expect(words).toMatch(/highest total/);
    expect(words).not.toMatch(/Mexican|marker|pips left|boneyard|lowest/);
    expect(variantOf('railominos').faces).toBe('railroads');
  });
});
