// The setup form's state: defaults per table size, seat limits, what stops a start.
import { beforeAll, describe, expect, it } from 'vitest';
import { variantOf } from '$lib/engine';
import { isOptionProblem, SetupState } from '$lib/ui/setup.svelte';
import { load as loadSite } from '$lib/ui/i18n/site';
import { current } from '$lib/ui/i18n/locale.svelte';
import { problemText } from '$lib/ui/names';
import { DEFAULT_SETTINGS, parseSettings, Settings, SETTINGS_KEY } from '$lib/ui/settings.svelte';

// The setup page's words (default names) in English unless a test says otherwise.
beforeAll(() => loadSite('en'));

describe('SetupState', () => {
  it('starts solo with the player and two medium bots, every option at its default', () => {
    const s = new SetupState({ mode: 'solo' });
    expect(s.seats.map((x) => x.kind)).toEqual(['person', 'bot', 'bot']);
    const spec = s.spec();
    expect(spec.variant).toBe('mexican-train');
    for (const o of variantOf('mexican-train').optionSpecs) {
      expect(spec.options?.[o.key]).toBe(o.default(3));
    }
    expect(spec.seats[0]).toEqual({ kind: 'person', name: 'Player 1' });
    expect(spec.seats.slice(1).every((x) => x.kind === 'bot' && x.level === 'medium')).toBe(true);
  });

  it('names the default seats in the page’s language', async () => {
    await loadSite('es');
    current.locale = 'es';
    try {
      const s = new SetupState({ mode: 'pass' });
      expect(s.seats.map((x) => x.name)).toEqual(['Jugador 1', 'Jugador 2']);
      s.addPlayer();
      expect(s.seats[2]?.name).toBe('Jugador 3');
      s.rename(2, ' ');
      expect(s.seatLabel(2)).toBe('Jugador 3');
    } finally {
      current.locale = 'en';
    }
  });

  it('has no turn clock unless one is chosen, and then the table gets it', () => {
    const s = new SetupState({ mode: 'solo' });
    expect(s.spec()).not.toHaveProperty('turnClock');
    s.turnClock = 30;
    expect(s.spec().turnClock).toBe(30);
  });

  it('follows the table size for defaults until the player sets an option (MT-1)', () => {
    const s = new SetupState({ mode: 'solo' });
    const hand = variantOf('mexican-train').optionSpecs.find((o) => o.key === 'handSize');
    if (!hand) throw new Error('no handSize option');
    expect(s.value(hand)).toBe(15);
    s.addBot();
    s.addBot();
    expect(s.value(hand)).toBe(11);
    s.setOption('handSize', 6);
    expect(s.value(hand)).toBe(6);
    s.resetOption('handSize');
    expect(s.value(hand)).toBe(11);
  });

  it('stops at the variant’s seat limit and trims seats when the variant changes', () => {
    const s = new SetupState({ mode: 'solo' });
    for (let i = 0; i < 10; i++) s.addBot('easy');
    expect(s.seats).toHaveLength(8);
    expect(s.full).toBe(true);
    s.setVariant('railominos');
    expect(s.seats).toHaveLength(variantOf('railominos').maxPlayers);
    expect(s.chosen).toEqual({});
  });

  it('names what stops a start', () => {
    const s = new SetupState({ mode: 'pass' });
    expect(s.problems).toEqual([]);
    s.rename(1, '  ');
    s.setOption('rounds', 40);
    expect(s.problems).toEqual([
      { code: 'OPTION_OUT_OF_RANGE', key: 'rounds', min: 1, max: 13 },
      { code: 'SEAT_NEEDS_NAME', seat: 1 },
    ]);
    s.remove(1);
    expect(s.problems[0]).toEqual({ code: 'TOO_FEW_PLAYERS', min: 2 });
  });

  it('refuses Derailing for 3 on a double-6 set with 10 tiles each before any deal, saying why', async () => {
    // It was accepted, and the deal then never finished (30 tiles wanted of 28).
    const s = new SetupState({ mode: 'solo', variant: 'derailing-the-train' });
    s.setVariant('derailing-the-train');
    expect(s.seats).toHaveLength(3);
    s.setOption('set', 6);
    s.setOption('handSize', 10);
    expect(s.optionProblems).toEqual([
      {
        code: 'OPTIONS_REFUSED',
        rule: expect.stringMatching(/^DT-\d+$/),
        message: expect.stringMatching(/28/),
      },
    ]);
    const [refused] = s.optionProblems;
    if (!refused) throw new Error('no refusal');
    await loadSite('en');
    expect(problemText(refused, s.variant)).toMatch(/28.*\(DT-\d+\)\.$/);
    await loadSite('es');
    current.locale = 'es';
    try {
      // No English sentence of the engine's on a Spanish page: the rule speaks.
      expect(problemText(refused, s.variant)).toMatch(
        /^Con estas opciones no hay mesa posible: mira la regla DT-\d+\.$/,
      );
    } finally {
      current.locale = 'en';
    }
    expect(s.problems).toContainEqual(refused);
    expect(s.problems.filter(isOptionProblem)).toEqual([refused]);
    s.setOption('handSize', 9);
    expect(s.optionProblems).toEqual([]);
    expect(s.problems).toEqual([]);
  });

  it('gives bots distinct names and keeps the person first', () => {
    const s = new SetupState({ mode: 'solo', name: 'Ada' });
    s.addBot('hard');
    const names = s.spec().seats.map((x) => x.name);
    expect(names[0]).toBe('Ada');
    expect(new Set(names).size).toBe(names.length);
    s.remove(0);
    expect(s.seats[0]?.kind).toBe('person');
  });
});

describe('Settings', () => {
  it('falls back to defaults field by field', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings({ speed: 'warp', numerals: true, sound: 'yes' })).toEqual({
      ...DEFAULT_SETTINGS,
      numerals: true,
    });
  });

  it('remembers changes in its storage', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const a = new Settings(storage);
    a.update({ numerals: true, speed: 'instant' });
    expect(a.stepMs).toBe(0);
    expect(JSON.parse(store.get(SETTINGS_KEY) ?? '{}')).toMatchObject({ numerals: true });
    const b = new Settings(storage);
    expect(b.numerals).toBe(true);
    expect(b.speed).toBe('instant');
    b.update({ motion: 'reduced' });
    expect(b.reducedMotion).toBe(true);
  });
});
