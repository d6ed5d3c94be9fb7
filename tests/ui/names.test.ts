// Every house rule an engine variant offers has a label of ours in every language.
import { describe, expect, it } from 'vitest';
import { VARIANT_IDS, variantOf } from '../../src/lib/engine';
import { isOptionKey } from '../../src/lib/ui/names';

describe('house-rule labels', () => {
  it.each(VARIANT_IDS)('cover every option key of %s', (id) => {
    const missing = variantOf(id)
      .optionSpecs.map((s) => s.key)
      .filter((key) => !isOptionKey(key));
    expect(missing).toEqual([]);
  });
});
