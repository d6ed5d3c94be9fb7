// Issue 31: a house rule is a switch exactly when its range is 0–1 (read from the
// engine's specs, for every variant), and a table names the house rules it plays.
import { describe, expect, it } from 'vitest';
import { VARIANT_IDS, variantOf } from '../../src/lib/engine';
import { houseRulesOn, isSwitch } from '../../src/lib/ui/house-rules';

describe('house rules as switches', () => {
  it.each(VARIANT_IDS)('%s: the on/off rules are switches, the rest number fields', (id) => {
    for (const spec of variantOf(id).optionSpecs) {
      expect(isSwitch(spec), spec.key).toBe(spec.min === 0 && spec.max === 1);
    }
  });

  it('Mexican Train offers H-2, H-3 and H-4 as switches and H-1 as points', () => {
    const specs = variantOf('mexican-train').optionSpecs;
    const switches = specs.filter(isSwitch).map((s) => s.rule);
    expect(switches).toEqual(['H-2', 'H-3', 'H-4']);
    expect(specs.some((s) => s.rule === 'H-1' && !isSwitch(s))).toBe(true);
  });

  it('names the house rules on, a number rule with its value, none of the sheet options', () => {
    const specs = variantOf('mexican-train').optionSpecs;
    expect(houseRulesOn(specs, { set: 9, handSize: 5 }, 4)).toEqual([]);
    const on = houseRulesOn(specs, { set: 9, blankScore: 50, drawUntilPlay: 1 }, 4);
    expect(on.map((r) => [r.spec.key, r.value])).toEqual([
      ['blankScore', 50],
      ['drawUntilPlay', null],
    ]);
  });
});
