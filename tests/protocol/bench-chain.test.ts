import { describe, expect, it } from 'vitest';
import { CHUNKS, dealChain, onWorkers, type DealEntry, type Timed } from '../../bench/chain';

/** A piece of work: `serial` ms outside point work, and one step of `split` ms in even chunks. */
const work = (serial: number, split: number): Timed => ({
  ms: serial + split,
  steps: split > 0 ? [Array.from({ length: CHUNKS }, () => split / CHUNKS)] : [],
});

describe('the deal chain model (bench/chain.ts)', () => {
  it('shortens only the point work with more workers, by its slowest group of chunks', () => {
    expect(onWorkers(work(10, 120), 1)).toBeCloseTo(130);
    expect(onWorkers(work(10, 120), 4)).toBeCloseTo(40);
    const uneven: Timed = { ms: 12, steps: [[12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]] };
    expect(onWorkers(uneven, 4)).toBeCloseTo(12);
    expect(() => onWorkers(uneven, 5)).toThrow(/do not divide/);
  });

  it('counts messaging to workers (cloning chunks and results) only when there are several', () => {
    const sent: Timed = { ...work(10, 120), ms: 135, cloneMs: 5 };
    expect(onWorkers(sent, 1)).toBeCloseTo(130);
    expect(onWorkers(sent, 4)).toBeCloseTo(45);
  });

  it('adds up check then build per hop unpipelined; pipelined, the two overlap', () => {
    const seats = 2;
    const entry = (kind: string, seat: number, build: Timed, check: Timed): DealEntry => ({
      kind,
      seat,
      build,
      apply: Array.from({ length: seats }, (_, p) => (p === seat ? work(1, 0) : check)),
    });
    const hop = work(0, 100);
    const cheap = work(2, 0);
    const entries = [
      entry('seed-commit', 0, cheap, cheap),
      entry('seed-commit', 1, cheap, cheap),
      entry('shuffle-hop', 0, hop, hop),
      entry('shuffle-hop', 1, hop, hop),
      entry('lock-hop', 0, hop, hop),
      entry('lock-hop', 1, hop, hop),
      entry('key-share', 0, cheap, cheap),
      entry('key-share', 1, cheap, cheap),
    ];
    // commits 2 + 2; first build 100; three steps of check 100 + build 100; last check 100; shares 2 + 2
    expect(dealChain(entries, 1, false)).toBeCloseTo(4 + 100 + 3 * 200 + 100 + 4);
    // on 4 workers, pipelined: the first build (25) hides the commits (4); each step is
    // the best split of the workers: 2 check (50) beside 2 build (50)
    expect(dealChain(entries, 4, true)).toBeCloseTo(25 + 3 * 50 + 25 + 4);
    expect(() => dealChain([...entries, entry('move', 0, cheap, cheap)], 4, true)).toThrow(
      /unmodelled/,
    );
  });

  it('keeps a seat from its turn until it has checked every hop before (a slow check delays it)', () => {
    const hop = work(0, 100);
    const deal = (slow: number): DealEntry[] => {
      const kinds = ['shuffle-hop', 'lock-hop'];
      return kinds.flatMap((kind, k) =>
        [0, 1, 2].map((seat) => ({
          kind,
          seat,
          build: hop,
          apply: [0, 1, 2].map((p) => (k === 0 && seat === 0 && p === 2 ? work(slow, 0) : hop)),
        })),
      );
    };
    // seat 2 gets hop 1 200 ms after hop 0; checking hop 0 takes it 1000 ms
    expect(dealChain(deal(1000), 1, false) - dealChain(deal(100), 1, false)).toBeCloseTo(800);
  });
});
