// A table worker's proof workers are started by the page and reached through ports
// (worker/proof-ports.ts): in Firefox a worker that starts a worker itself can hang
// for good, before it answers the page's first call (a Start stuck on "Dealing…").
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canonicalJson, type JsonValue } from '$lib/protocol';
import { buildShuffleHop, shuffleHopSteps } from '$lib/protocol/deck/hops';
import { useDeckWorkers } from '$lib/session/play/deck-work';
import { createProofPool } from '$lib/session/worker/proof-pool';
import { hostProofWorkers, portedProofWorkers } from '$lib/session/worker/proof-ports';
import { serveProofs } from '$lib/session/worker/proof-worker';
import type { ProofsDown, ProofsUp } from '$lib/session/worker/worker-calls';
import { ctx, freshDeck, seeds } from '../protocol/deck-fixture';

afterEach(() => {
  vi.unstubAllGlobals();
  useDeckWorkers(null);
});

it('the table worker starts no worker itself: it asks the page for its proof workers', async () => {
  const posted: unknown[] = [];
  const started = vi.fn();
  vi.stubGlobal('self', {
    name: '',
    location: { href: 'https://example.test/table-worker.js' },
    postMessage: (m: unknown) => posted.push(m),
    onmessage: null,
  });
  vi.stubGlobal('navigator', { hardwareConcurrency: 4 });
  vi.stubGlobal('Worker', started);
  vi.resetModules();
  await import('$lib/session/worker/table-worker');
  expect(started).not.toHaveBeenCalled();
  expect(posted).toEqual(
    [1, 2, 3].map((n) => ({ proofWorker: n, url: 'https://example.test/table-worker.js' })),
  );
});

/** A table worker on the page (its ported side in this thread) and the proof workers the page started. */
function wiring() {
  const page = new EventTarget();
  const proofs: { url: string; ended: boolean; fail(message: string): void }[] = [];
  const table = Object.assign(page, {
    postMessage: (m: ProofsDown) => ported.handle(m),
  }) as unknown as Worker;
  const ported = portedProofWorkers('https://example.test/table-worker.js', (m: ProofsUp) =>
    page.dispatchEvent(new MessageEvent('message', { data: m })),
  );
  const end = hostProofWorkers(table, (url) => {
    let served: MessagePort | null = null;
    const scope = {
      onmessage: null as ((e: { data: { port: MessagePort } }) => void) | null,
    } as unknown as DedicatedWorkerGlobalScope;
    serveProofs(scope);
    const proof = {
      url,
      ended: false,
      onerror: null as ((e: { message: string }) => void) | null,
      postMessage(m: { port: MessagePort }) {
        served = m.port;
        scope.onmessage?.({ data: m } as MessageEvent);
      },
      terminate() {
        proof.ended = true;
        served?.close();
      },
      fail: (message: string) => proof.onerror?.({ message }),
    };
    proofs.push(proof);
    return proof as unknown as Worker;
  });
  return { ported, proofs, end };
}

describe('proof workers through ports', () => {
  it('builds the very hop one thread builds; calls made before a port came wait for it', async () => {
    const { ported, proofs, end } = wiring();
    const pool = createProofPool(2, ported.spawn);
    expect(proofs.map((p) => p.url)).toEqual([
      'https://example.test/table-worker.js',
      'https://example.test/table-worker.js',
    ]);
    const deck = freshDeck(7);
    const hop = await pool.run(shuffleHopSteps(ctx, deck, seeds[0]!));
    expect(canonicalJson(hop as JsonValue)).toBe(
      canonicalJson(buildShuffleHop(ctx, deck, seeds[0]!) as JsonValue),
    );
    pool.close();
    // The pool ended its workers: the page stopped them.
    expect(proofs.map((p) => p.ended)).toEqual([true, true]);
    end();
  });

  it('fails what a proof worker that broke was given, so the session works in line', async () => {
    const { ported, proofs, end } = wiring();
    const pool = createProofPool(1, ported.spawn);
    const run = pool.run(shuffleHopSteps(ctx, freshDeck(5), seeds[0]!));
    proofs[0]!.fail('no script');
    await expect(run).rejects.toThrow(/no script/);
    pool.close();
    end();
  });

  it('ends every proof worker it started with the table worker', () => {
    const { ported, proofs, end } = wiring();
    createProofPool(3, ported.spawn);
    end();
    expect(proofs.map((p) => p.ended)).toEqual([true, true, true]);
  });
});
