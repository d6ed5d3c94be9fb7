// A session keeps time only on the timers it is given (SessionOptions.timers).
import { describe, expect, it } from 'vitest';
import { createMemoryNetwork } from '$lib/net';
import { hostTable, type SessionTimers } from '$lib/session';
import { seededRandom, track, transport } from './harness';

describe('the timers a session is given', () => {
  it('carry its heartbeat, and close clears it', () => {
    const intervals: number[] = [];
    const cleared: unknown[] = [];
    const beats: (() => void)[] = [];
    const timers: SessionTimers = {
      setTimeout: () => 'timeout',
      setInterval: (run, ms) => {
        intervals.push(ms);
        beats.push(run);
        return 'beat';
      },
      clearInterval: (handle) => cleared.push(handle),
    };
    const network = createMemoryNetwork();
    const host = track(
      hostTable({
        transport: transport(network, 'timers-p0'),
        room: 'timers',
        member: 'p0',
        name: 'Ada',
        timing: { beatMs: 70 },
        random: seededRandom(5),
        timers,
      }),
    );
    expect(intervals).toEqual([70]);
    beats[0]!();
    host.close();
    expect(cleared).toEqual(['beat']);
  });
});
