// Link framing, pure: how payloads and control messages travel on one ordered,
// reliable message channel (a WebRTC data channel) whose messages are small.
//
// Every channel message is one frame: a header byte, then a piece of the body.
//   bit 7 (MORE)   more pieces of the same message follow
//   bits 0–2       kind: app bytes, app string (UTF-8), app string (UTF-16LE,
//                  for strings with lone surrogates, which UTF-8 cannot carry),
//                  control (UTF-8 JSON, never shown to the application)
// A message's pieces are queued back to back and the channel keeps order, so
// the receiver just appends pieces until a frame without MORE. Application
// data can never be taken for control traffic: the kind says which it is.
import { MAX_PAYLOAD, type Payload } from './transport';

export const FRAME_KINDS = ['bytes', 'utf8', 'utf16', 'control'] as const;
export type FrameKind = (typeof FRAME_KINDS)[number];

const MORE = 0x80;
const KIND_MASK = 0x07;

/**
 * Largest frame we send (header included). 16 KiB is what every browser
 * pair delivers as one message (Firefox–Chromium cut bigger ones).
 */
export const FRAME_SIZE = 16 * 1024;

/** Largest control message (JSON text, bytes). */
export const MAX_CONTROL = 256 * 1024;

/** Largest body a message may reassemble to, per kind (bytes). */
export function maxBody(kind: FrameKind): number {
  switch (kind) {
    case 'bytes':
      return MAX_PAYLOAD;
    case 'utf8':
      return MAX_PAYLOAD * 3; // one UTF-16 unit is at most 3 UTF-8 bytes
    case 'utf16':
      return MAX_PAYLOAD * 2;
    case 'control':
      return MAX_CONTROL;
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function utf16Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[2 * i] = unit & 0xff;
    bytes[2 * i + 1] = unit >> 8;
  }
  return bytes;
}

function utf16Text(bytes: Uint8Array): string {
  const parts: string[] = [];
  const step = 8192;
  for (let at = 0; at < bytes.length; at += 2 * step) {
    const end = Math.min(bytes.length, at + 2 * step);
    const units: number[] = [];
    for (let i = at; i + 1 < end; i += 2) units.push(bytes[i]! | (bytes[i + 1]! << 8));
    parts.push(String.fromCharCode(...units));
  }
  return parts.join('');
}

/** Split a body into frames of at most `frameSize` bytes. */
export function frameBody(
  kind: FrameKind,
  body: Uint8Array,
  frameSize = FRAME_SIZE,
): Uint8Array<ArrayBuffer>[] {
  const code = FRAME_KINDS.indexOf(kind);
  const room = frameSize - 1;
  const frames: Uint8Array<ArrayBuffer>[] = [];
  let at = 0;
  do {
    const end = Math.min(body.length, at + room);
    const frame = new Uint8Array(1 + end - at);
    frame[0] = code | (end < body.length ? MORE : 0);
    frame.set(body.subarray(at, end), 1);
    frames.push(frame);
    at = end;
  } while (at < body.length);
  return frames;
}

/** The frames of an application payload (checked by the caller). */
export function framePayload(data: Payload, frameSize = FRAME_SIZE): Uint8Array<ArrayBuffer>[] {
  if (typeof data !== 'string') return frameBody('bytes', data, frameSize);
  if (LONE_SURROGATE.test(data)) return frameBody('utf16', utf16Bytes(data), frameSize);
  return frameBody('utf8', encoder.encode(data), frameSize);
}

/** The frames of a control message (any JSON value). */
export function frameControl(message: unknown, frameSize = FRAME_SIZE): Uint8Array<ArrayBuffer>[] {
  return frameBody('control', encoder.encode(JSON.stringify(message)), frameSize);
}

export type Unframed =
  | { readonly kind: 'payload'; readonly data: Payload }
  | { readonly kind: 'control'; readonly message: unknown };

export type Received =
  /** A piece of a message; more to come. */
  | { readonly ok: true; readonly value: undefined }
  | { readonly ok: true; readonly value: Unframed }
  /** The peer broke the framing: the link should be dropped. */
  | { readonly ok: false; readonly reason: string };

/** Puts one link's frames back together. */
export class Reassembler {
  #kind: FrameKind | undefined;
  #pieces: Uint8Array[] = [];
  #size = 0;

  /** Whether a message is half received. */
  get partial(): boolean {
    return this.#kind !== undefined;
  }

  push(frame: Uint8Array): Received {
    if (frame.length === 0) return this.#broken('empty frame');
    const header = frame[0]!;
    const kind = FRAME_KINDS[header & KIND_MASK];
    if (kind === undefined || (header & ~(MORE | KIND_MASK)) !== 0) {
      return this.#broken(`unknown frame header ${header}`);
    }
    if (this.#kind !== undefined && this.#kind !== kind) {
      return this.#broken(`a ${kind} frame inside a ${this.#kind} message`);
    }
    this.#kind = kind;
    this.#size += frame.length - 1;
    if (this.#size > maxBody(kind)) return this.#broken(`${kind} message over ${maxBody(kind)}`);
    this.#pieces.push(frame.subarray(1));
    if ((header & MORE) !== 0) return { ok: true, value: undefined };

    const body = this.#pieces.length === 1 ? this.#pieces[0]! : concat(this.#pieces, this.#size);
    this.#reset();
    switch (kind) {
      case 'bytes':
        return { ok: true, value: { kind: 'payload', data: body.slice() } };
      case 'utf8':
        return { ok: true, value: { kind: 'payload', data: decoder.decode(body) } };
      case 'utf16': {
        if (body.length % 2 !== 0) return this.#broken('odd UTF-16 body');
        const text = utf16Text(body);
        if (text.length > MAX_PAYLOAD) return this.#broken('string over MAX_PAYLOAD');
        return { ok: true, value: { kind: 'payload', data: text } };
      }
      case 'control':
        try {
          return {
            ok: true,
            value: { kind: 'control', message: JSON.parse(decoder.decode(body)) },
          };
        } catch {
          return this.#broken('control message is not JSON');
        }
    }
  }

  #broken(reason: string): Received {
    this.#reset();
    return { ok: false, reason };
  }

  #reset(): void {
    this.#kind = undefined;
    this.#pieces = [];
    this.#size = 0;
  }
}

function concat(pieces: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/** What a send queue needs of a data channel. */
export interface Channel {
  send(frame: Uint8Array<ArrayBuffer>): void;
  readonly bufferedAmount: number;
}

/** Bytes a send queue holds at most: a peer that does not read is dropped, not buffered for. */
export const MAX_QUEUED = 16 << 20;

/**
 * Feeds frames to a channel without overfilling its buffer (a data channel
 * throws, and closes, when more than ~16 MiB is queued). Call `drain()` when
 * the channel reports its buffer running low.
 */
export class SendQueue {
  readonly #channel: Channel;
  readonly #high: number;
  readonly #max: number;
  readonly #queue: Uint8Array<ArrayBuffer>[] = [];
  #head = 0;
  #bytes = 0;

  constructor(channel: Channel, highWater = 1 << 20, max = MAX_QUEUED) {
    this.#channel = channel;
    this.#high = highWater;
    this.#max = max;
  }

  /** Frames waiting for room in the channel's buffer. */
  get waiting(): number {
    return this.#queue.length - this.#head;
  }

  /** Queues frames and sends what fits; false (nothing queued) when the queue would pass its cap. */
  push(frames: readonly Uint8Array<ArrayBuffer>[]): boolean {
    const size = frames.reduce((n, f) => n + f.byteLength, 0);
    if (this.#bytes + size > this.#max) return false;
    this.#bytes += size;
    this.#queue.push(...frames);
    this.drain();
    return true;
  }

  /** Send what fits; throws what the channel throws. */
  drain(): void {
    while (this.#head < this.#queue.length && this.#channel.bufferedAmount < this.#high) {
      const frame = this.#queue[this.#head]!;
      this.#queue[this.#head++] = EMPTY;
      this.#bytes -= frame.byteLength;
      this.#channel.send(frame);
    }
    if (this.#head === this.#queue.length) {
      this.#queue.length = 0;
      this.#head = 0;
    } else if (this.#head > 1024) {
      this.#queue.splice(0, this.#head);
      this.#head = 0;
    }
  }

  clear(): void {
    this.#queue.length = 0;
    this.#head = 0;
    this.#bytes = 0;
  }
}

const EMPTY = new Uint8Array(0) as Uint8Array<ArrayBuffer>;
