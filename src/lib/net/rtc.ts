// Raw WebRTC for the mesh: one RTCPeerConnection per link with one
// pre-negotiated data channel (id 0, both sides create it, so no in-band
// channel setup), non-trickle ICE (the SDP is sent once gathering completes,
// or after a timeout with what was gathered by then).
import { SendQueue } from './frame';
import type { Answerer, Dialer, Link, LinkHandlers, Offerer } from './mesh';
import { fail, ok, type NetResult } from './transport';

export interface RtcOptions {
  readonly iceServers?: readonly RTCIceServer[];
  /** How long to gather candidates before sending what there is. */
  readonly gatherTimeoutMs?: number;
  /** How long from applying the answer to an open data channel. */
  readonly openTimeoutMs?: number;
}

export const DEFAULT_GATHER_TIMEOUT_MS = 4000;
export const DEFAULT_OPEN_TIMEOUT_MS = 20_000;

/** Frames queued in the channel before we wait for it to drain. */
const HIGH_WATER = 1 << 20;
const LOW_WATER = 256 * 1024;

export function rtcSupported(): boolean {
  return typeof RTCPeerConnection !== 'undefined';
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function gathered(pc: RTCPeerConnection, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      pc.removeEventListener('icecandidate', onCandidate);
      resolve();
    };
    const check = (): void => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const onCandidate = (event: RTCPeerConnectionIceEvent): void => {
      if (event.candidate === null) done();
    };
    const timer = setTimeout(done, timeoutMs);
    pc.addEventListener('icegatheringstatechange', check);
    pc.addEventListener('icecandidate', onCandidate);
  });
}

/** A link over one peer connection's data channel. */
class RtcLink implements Link {
  readonly #pc: RTCPeerConnection;
  readonly #channel: RTCDataChannel;
  readonly #queue: SendQueue;
  #handlers: LinkHandlers | undefined;
  #open = true;

  constructor(pc: RTCPeerConnection, channel: RTCDataChannel) {
    this.#pc = pc;
    this.#channel = channel;
    this.#queue = new SendQueue(channel, HIGH_WATER);
    channel.binaryType = 'arraybuffer';
    channel.bufferedAmountLowThreshold = LOW_WATER;
    channel.onbufferedamountlow = () => this.#drain();
    channel.onmessage = (event: MessageEvent) => {
      if (event.data instanceof ArrayBuffer) this.#handlers?.frame(new Uint8Array(event.data));
    };
    channel.onclose = () => this.#gone();
    channel.onerror = () => this.#gone();
    // Closing the tab or losing the network may never close the channel.
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed' || pc.connectionState === 'closed') this.#gone();
    };
  }

  listen(handlers: LinkHandlers): void {
    this.#handlers = handlers;
  }

  send(frames: readonly Uint8Array<ArrayBuffer>[]): boolean {
    if (!this.#open || this.#channel.readyState !== 'open') return false;
    // A peer that stops reading while we keep sending is dropped once the queue is full.
    if (!this.#queue.push(frames)) {
      this.#gone();
      return false;
    }
    return this.#drain();
  }

  #drain(): boolean {
    try {
      this.#queue.drain();
      return true;
    } catch {
      this.#gone();
      return false;
    }
  }

  close(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#queue.clear();
    // Let queued frames (a goodbye) leave before the connection goes.
    const shut = (): void => {
      this.#channel.close();
      this.#pc.close();
    };
    if (this.#channel.readyState === 'open' && this.#channel.bufferedAmount > 0) {
      setTimeout(shut, 100);
    } else shut();
  }

  #gone(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#queue.clear();
    this.#channel.close();
    this.#pc.close();
    this.#handlers?.closed();
  }
}

function opened(
  pc: RTCPeerConnection,
  channel: RTCDataChannel,
  timeoutMs: number,
): Promise<NetResult<Link>> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: NetResult<Link>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      channel.removeEventListener('open', onOpen);
      channel.removeEventListener('close', onClosed);
      pc.removeEventListener('connectionstatechange', onState);
      if (!result.ok) {
        channel.close();
        pc.close();
      }
      resolve(result);
    };
    const onOpen = (): void => settle(ok(new RtcLink(pc, channel)));
    const onClosed = (): void => settle(fail('CLOSED', 'the data channel closed while opening'));
    const onState = (): void => {
      if (pc.connectionState === 'failed') {
        settle(fail('PEER_UNAVAILABLE', 'no network path to the peer (ICE failed)'));
      } else if (pc.connectionState === 'closed') onClosed();
    };
    const timer = setTimeout(
      () => settle(fail('TIMEOUT', `the link did not open within ${timeoutMs} ms`)),
      timeoutMs,
    );
    if (channel.readyState === 'open') {
      onOpen();
      return;
    }
    channel.addEventListener('open', onOpen);
    channel.addEventListener('close', onClosed);
    pc.addEventListener('connectionstatechange', onState);
  });
}

/** The browser's dialer: real peer connections. */
export function rtcDialer(options: RtcOptions = {}): Dialer {
  const gatherMs = options.gatherTimeoutMs ?? DEFAULT_GATHER_TIMEOUT_MS;
  const openMs = options.openTimeoutMs ?? DEFAULT_OPEN_TIMEOUT_MS;
  const config: RTCConfiguration = { iceServers: [...(options.iceServers ?? [])] };

  const start = (): { pc: RTCPeerConnection; channel: RTCDataChannel } => {
    const pc = new RTCPeerConnection(config);
    const channel = pc.createDataChannel('trainyard', { negotiated: true, id: 0, ordered: true });
    return { pc, channel };
  };

  return {
    async offer(): Promise<NetResult<Offerer>> {
      if (!rtcSupported()) return fail('UNSUPPORTED', 'this environment has no WebRTC');
      let pc: RTCPeerConnection | undefined;
      try {
        const started = start();
        pc = started.pc;
        const { channel } = started;
        await pc.setLocalDescription(await pc.createOffer());
        await gathered(pc, gatherMs);
        const sdp = pc.localDescription?.sdp;
        if (!sdp) throw new Error('no local description');
        const connection = pc;
        let accepted = false;
        return ok({
          sdp,
          async accept(answerSdp: string): Promise<NetResult<Link>> {
            if (accepted) return fail('CLOSED', 'this offer was already answered');
            accepted = true;
            if (connection.signalingState === 'closed') return fail('CLOSED', 'offer cancelled');
            try {
              await connection.setRemoteDescription({ type: 'answer', sdp: answerSdp });
            } catch (error) {
              connection.close();
              return fail('NETWORK', `the answer was refused: ${message(error)}`);
            }
            return opened(connection, channel, openMs);
          },
          cancel(): void {
            if (!accepted) connection.close();
            accepted = true;
          },
        });
      } catch (error) {
        pc?.close();
        return fail('NETWORK', `could not make an offer: ${message(error)}`);
      }
    },

    async answer(offerSdp: string): Promise<NetResult<Answerer>> {
      if (!rtcSupported()) return fail('UNSUPPORTED', 'this environment has no WebRTC');
      let pc: RTCPeerConnection | undefined;
      try {
        const started = start();
        pc = started.pc;
        await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
        await pc.setLocalDescription(await pc.createAnswer());
        await gathered(pc, gatherMs);
        const sdp = pc.localDescription?.sdp;
        if (!sdp) throw new Error('no local description');
        const connection = pc;
        const link = opened(connection, started.channel, openMs);
        return ok({
          sdp,
          link,
          cancel(): void {
            void link.then((result) => {
              if (result.ok) result.value.close();
            });
            connection.close();
          },
        });
      } catch (error) {
        pc?.close();
        return fail('NETWORK', `could not answer the offer: ${message(error)}`);
      }
    },
  };
}
