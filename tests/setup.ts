// Hooks every test file shares (vite.config.ts `setupFiles`). Sessions a test
// opened are closed after it. The session tests run on virtual time: Vitest's fake
// timers and Date, moved on by the harness (`until`, `pause`) whenever the
// sessions have nothing left to do, so a heartbeat, an away limit or a stall
// costs no real time; they and the record tests run on the crypto accelerator.
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { closeTracked } from './tracked';

const VIRTUAL_TIME = /\/tests\/session\//;
// Their fake proof workers answer on timers that the tests await directly; the
// hostile-schedule fuzzer keeps a virtual clock of its own.
const REAL_TIME = /\/tests\/session\/((deck|attack)-workers\.test\.ts|fuzz\/)/;
const ACCELERATED = /\/tests\/(session|record)\//;

const file = (): string => expect.getState().testPath ?? '';

beforeAll(async () => {
  // Files share a worker's modules (vite.config.ts `isolate`): each sets the path it runs on.
  const { accelerate } = await import('$lib/protocol/crypto/accelerator');
  await accelerate(ACCELERATED.test(file()));
});

beforeEach(() => {
  // setImmediate stays real: it is how the harness sees that nothing is left to do.
  if (VIRTUAL_TIME.test(file()) && !REAL_TIME.test(file())) {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
  }
});

afterEach(() => {
  closeTracked();
  vi.useRealTimers();
});
