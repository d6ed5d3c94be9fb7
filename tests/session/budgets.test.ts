// Rate budgets by key (peers/budgets.ts): a bucket outlives whatever used it, is
// refilled by the clock, and the map stays bounded however many keys come.
import { describe, expect, it } from 'vitest';
import { BUDGET_KEEP_MS, Budgets, MAX_BUDGETS } from '$lib/session/peers/budgets';

describe('budgets', () => {
  it('a key spends its burst once, however often it comes back, and refills by the clock', () => {
    let now = 0;
    const b = new Budgets(() => now, { burst: 4, perSecond: 2 });
    const taken = () => Array.from({ length: 10 }, () => b.take('member m')).filter(Boolean).length;
    expect(taken()).toBe(4);
    now += 100;
    expect(taken()).toBe(0);
    now += 1000;
    expect(taken()).toBe(2);
    expect(b.take('member n', 5)).toBe(false);
    expect(b.take('member n', 4)).toBe(true);
  });

  it('keeps at most MAX_BUDGETS buckets, the least recently used going first, and none idle past the keep', () => {
    let now = 0;
    const b = new Budgets(() => now, { burst: 1, perSecond: 0.001 });
    expect(b.take('member first')).toBe(true);
    for (let i = 0; i < MAX_BUDGETS * 2; i++) b.take(`link ${i}`);
    expect(b.size).toBeLessThanOrEqual(MAX_BUDGETS);
    now += BUDGET_KEEP_MS + 1;
    b.take('member late');
    expect(b.size).toBe(1);
  });
});
