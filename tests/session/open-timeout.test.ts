// A local table whose worker never answers (worker/remote-client.ts): the start
// does not hang on "Dealing…" but ends after OPEN_TIMEOUT_MS with NO_ANSWER, the
// silent worker stopped, and the next try opens in a fresh worker.
import { afterEach, expect, it, vi } from 'vitest';
import type { SessionSnapshot } from '$lib/session';
import { OPEN_TIMEOUT_MS, openInWorker } from '$lib/session/worker/remote-client';
import type { ToWorker } from '$lib/session/worker/worker-calls';

const spec = {
  variant: 'mexican-train',
  seats: [
    { kind: 'person', name: 'Ada' },
    { kind: 'bot', level: 'easy' },
  ],
} as const;

/** A table worker on the page: silent, or answering an open as table-worker.ts does. */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  static answers = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;

  constructor() {
    super();
    FakeWorker.made.push(this);
  }

  postMessage(m: ToWorker): void {
    if (!FakeWorker.answers || !('open' in m)) return;
    const reply = (data: unknown) =>
      queueMicrotask(() => this.onmessage?.({ data } as MessageEvent));
    reply({ snapshot: { room: 'r1' } as SessionSnapshot });
    reply({ id: m.id, result: { ok: true, value: { room: 'r1', contact: 'r1-local' } } });
  }

  terminate(): void {
    this.terminated = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.made = [];
});

it('a start no worker answers ends with NO_ANSWER after OPEN_TIMEOUT_MS; Try again opens in a fresh worker', async () => {
  vi.stubGlobal('Worker', FakeWorker);
  FakeWorker.answers = false;
  let settled = false;
  const first = openInWorker({ start: spec }).finally(() => (settled = true));
  await vi.advanceTimersByTimeAsync(OPEN_TIMEOUT_MS - 1);
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await first).toMatchObject({ ok: false, error: { code: 'NO_ANSWER' } });
  expect(FakeWorker.made.map((w) => w.terminated)).toEqual([true]);

  FakeWorker.answers = true;
  const again = await openInWorker({ start: spec });
  expect(again.ok && again.value.room).toBe('r1');
  expect(FakeWorker.made).toHaveLength(2);
  // Its timer is gone with the answer: the open table's worker lives on.
  await vi.advanceTimersByTimeAsync(2 * OPEN_TIMEOUT_MS);
  expect(FakeWorker.made[1]!.terminated).toBe(false);
  if (again.ok) again.value.close();
});
