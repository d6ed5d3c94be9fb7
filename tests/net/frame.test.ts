import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FRAME_SIZE,
  frameBody,
  frameControl,
  framePayload,
  Reassembler,
  SendQueue,
  type Unframed,
} from '../../src/lib/net/frame';
import { MAX_PAYLOAD, type Payload } from '../../src/lib/net';

function roundTrip(frames: readonly Uint8Array[]): Unframed[] {
  const reassembler = new Reassembler();
  const out: Unframed[] = [];
  for (const frame of frames) {
    const received = reassembler.push(frame);
    if (!received.ok) throw new Error(received.reason);
    if (received.value) out.push(received.value);
  }
  expect(reassembler.partial).toBe(false);
  return out;
}

/** Exactly `units` UTF-16 units, mixing 1-, 2-, 3- and 4-byte UTF-8 characters. */
function multiByte(units: number): string {
  const pieces = ['a', 'é', '€', '🚂', 'Ω', '😀', '中'];
  let text = '';
  let i = 0;
  while (text.length < units) {
    const piece = pieces[i++ % pieces.length]!;
    text += text.length + piece.length <= units ? piece : 'z';
  }
  return text;
}

describe('framing', () => {
  it('carries exactly MAX_PAYLOAD bytes in 16 KiB frames', () => {
    const bytes = new Uint8Array(MAX_PAYLOAD);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + 3) & 0xff;
    const frames = framePayload(bytes);
    expect(frames.every((frame) => frame.length <= FRAME_SIZE)).toBe(true);
    expect(frames).toHaveLength(Math.ceil(MAX_PAYLOAD / (FRAME_SIZE - 1)));
    const [got] = roundTrip(frames);
    expect(got?.kind).toBe('payload');
    const data = got?.kind === 'payload' ? got.data : undefined;
    expect(data instanceof Uint8Array && Buffer.compare(data, bytes)).toBe(0);
  });

  it('carries a MAX_PAYLOAD string of multi-byte characters whole', () => {
    const text = multiByte(MAX_PAYLOAD);
    expect(text.length).toBe(MAX_PAYLOAD);
    const frames = framePayload(text);
    expect(frames.length).toBeGreaterThan(MAX_PAYLOAD / FRAME_SIZE);
    const [got] = roundTrip(frames);
    expect(got).toEqual({ kind: 'payload', data: text });
  });

  it('keeps lone surrogates (UTF-16 frames) and empty payloads', () => {
    const lone = `a\uD800b\uDC00${'\uDBFF'.repeat(20_000)}`;
    expect(roundTrip(framePayload(lone))).toEqual([{ kind: 'payload', data: lone }]);
    expect(roundTrip(framePayload(''))).toEqual([{ kind: 'payload', data: '' }]);
    expect(roundTrip(framePayload(new Uint8Array(0)))).toEqual([
      { kind: 'payload', data: new Uint8Array(0) },
    ]);
  });

  it('never mistakes application data for control messages', () => {
    const lookalike = JSON.stringify({ t: 'sig', k: 'offer', from: 'a', to: 'b', n: 1, sdp: 'x' });
    const frames = [...framePayload(lookalike), ...frameControl({ t: 'bye' })];
    expect(roundTrip(frames)).toEqual([
      { kind: 'payload', data: lookalike },
      { kind: 'control', message: { t: 'bye' } },
    ]);
  });

  it('refuses broken framing with a reason', () => {
    const r = new Reassembler();
    expect(r.push(new Uint8Array(0))).toMatchObject({ ok: false });
    expect(r.push(Uint8Array.of(0x07, 1))).toMatchObject({ ok: false });
    expect(r.push(Uint8Array.of(0x40, 1))).toMatchObject({ ok: false });
    // A control frame in the middle of a bytes message.
    const pieces = frameBody('bytes', new Uint8Array(100), 40);
    expect(r.push(pieces[0]!)).toEqual({ ok: true, value: undefined });
    expect(r.push(frameControl({ t: 'bye' })[0]!)).toMatchObject({ ok: false });
    // After a failure it starts afresh.
    expect(r.push(framePayload('ok')[0]!)).toEqual({
      ok: true,
      value: { kind: 'payload', data: 'ok' },
    });
    // More than MAX_PAYLOAD bytes.
    const big = frameBody('bytes', new Uint8Array(MAX_PAYLOAD + 1));
    const results = big.map((frame) => r.push(frame));
    expect(results.at(-1)).toMatchObject({ ok: false });
    // Control that is not JSON.
    expect(r.push(frameBody('control', new TextEncoder().encode('{nope'))[0]!)).toMatchObject({
      ok: false,
    });
    // Odd UTF-16 body.
    expect(r.push(frameBody('utf16', new Uint8Array(3))[0]!)).toMatchObject({ ok: false });
  });

  it('property: any sequence of payloads round-trips, at any frame size', () => {
    const payload = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 100 }),
      fc.uint8Array({ maxLength: 300 }),
    ) as fc.Arbitrary<Payload>;
    fc.assert(
      fc.property(
        fc.array(payload, { maxLength: 10 }),
        fc.integer({ min: 2, max: 64 }),
        (list, size) => {
          const frames = list.flatMap((data) => framePayload(data, size));
          expect(frames.every((frame) => frame.length <= size)).toBe(true);
          expect(roundTrip(frames)).toEqual(list.map((data) => ({ kind: 'payload', data })));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('SendQueue', () => {
  it('stops at the high-water mark and resumes on drain, in order', () => {
    const sent: number[] = [];
    const channel = {
      bufferedAmount: 0,
      send(frame: Uint8Array) {
        sent.push(frame[0]!);
        this.bufferedAmount += frame.length;
      },
    };
    const queue = new SendQueue(channel, 250);
    queue.push([0, 1, 2, 3, 4, 5].map((n) => new Uint8Array(100).fill(n)));
    expect(sent).toEqual([0, 1, 2]);
    expect(queue.waiting).toBe(3);
    channel.bufferedAmount = 0;
    queue.drain();
    expect(sent).toEqual([0, 1, 2, 3, 4, 5]);
    expect(queue.waiting).toBe(0);
  });
  it('refuses frames past its cap, queueing none of them, and takes them again once drained', () => {
    const channel = { bufferedAmount: 1000, send() {} };
    const queue = new SendQueue(channel, 250, 500);
    expect(queue.push([new Uint8Array(300)])).toBe(true);
    expect(queue.push([new Uint8Array(100), new Uint8Array(200)])).toBe(false);
    expect(queue.waiting).toBe(1);
    channel.bufferedAmount = 0;
    queue.drain();
    expect(queue.push([new Uint8Array(100), new Uint8Array(200)])).toBe(true);
  });
});
