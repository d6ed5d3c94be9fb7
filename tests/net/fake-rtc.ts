// A stand-in for WebRTC in Node: a Dialer whose "SDPs" look like Chromium's
// (so pairing codes can be made from them) and whose links are in memory.
// A session is found again from the ICE ufrag of its offer.
import type { Answerer, Dialer, Link, LinkHandlers, Offerer } from '../../src/lib/net/mesh';
import { fail, ok, type NetResult } from '../../src/lib/net';

export class FakeLink implements Link {
  other: FakeLink | undefined;
  handlers: LinkHandlers | undefined;
  open = true;
  readonly sent: Uint8Array[] = [];
  /** Frames that arrived before listen(). */
  readonly early: Uint8Array[] = [];

  listen(handlers: LinkHandlers): void {
    this.handlers = handlers;
    for (const frame of this.early.splice(0)) handlers.frame(frame);
  }

  send(frames: readonly Uint8Array<ArrayBuffer>[]): boolean {
    if (!this.open) return false;
    for (const frame of frames) {
      this.sent.push(frame);
      const copy = frame.slice();
      queueMicrotask(() => {
        const other = this.other;
        if (!other?.open || !this.open) return;
        if (other.handlers) other.handlers.frame(copy);
        else other.early.push(copy);
      });
    }
    return true;
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    const other = this.other;
    // Frames already queued (a goodbye) arrive first, then the close.
    setTimeout(() => other?.drop(), 0);
  }

  /** The link failed under us (remote close, network). */
  drop(): void {
    if (!this.open) return;
    this.open = false;
    this.handlers?.closed();
  }
}

interface Session {
  readonly offerLink: FakeLink;
  readonly answerLink: FakeLink;
  answered: boolean;
  onAccepted?: () => void;
}

const FINGERPRINT =
  'AC:DC:4F:19:20:1F:B6:10:38:CC:0C:A4:60:DE:C7:F8:D9:CD:6C:79:ED:2A:AE:3E:08:18:8F:2E:96:CD:A3:AE';

function fakeSdp(ufrag: string, setup: string, port: number): string {
  return [
    'v=0',
    'o=- 1 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
    `a=candidate:1 1 udp 2113937151 10.99.0.1 ${port} typ host generation 0`,
    `a=ice-ufrag:${ufrag}`,
    'a=ice-pwd:X4x58qNgPGKJRuz1bYXgEGdb',
    `a=fingerprint:sha-256 ${FINGERPRINT}`,
    `a=setup:${setup}`,
    '',
  ].join('\r\n');
}

export class FakeRtc {
  readonly #sessions = new Map<string, Session>();
  #next = 1000;
  /** Offers made and answers given (for tests that count sessions). */
  offers = 0;
  answers = 0;
  /** The offering side's link of the newest session. */
  lastOfferLink: FakeLink | undefined;
  /** Delay before an offer or answer is ready (gathering). */
  gatherMs = 0;

  dialer(): Dialer {
    return {
      offer: () => this.#offer(),
      answer: (sdp) => this.#answer(sdp),
    };
  }

  async #wait(): Promise<void> {
    if (this.gatherMs > 0) await new Promise((r) => setTimeout(r, this.gatherMs));
  }

  async #offer(): Promise<NetResult<Offerer>> {
    await this.#wait();
    this.offers++;
    const ufrag = `f${this.#next++}`;
    const offerLink = new FakeLink();
    const answerLink = new FakeLink();
    offerLink.other = answerLink;
    answerLink.other = offerLink;
    const session: Session = { offerLink, answerLink, answered: false };
    this.lastOfferLink = offerLink;
    this.#sessions.set(ufrag, session);
    let cancelled = false;
    return ok({
      sdp: fakeSdp(ufrag, 'actpass', 50_000),
      accept: async (answer: string): Promise<NetResult<Link>> => {
        await Promise.resolve();
        if (cancelled) return fail('CLOSED', 'offer cancelled');
        if (!answer.includes(`a=ice-ufrag:${ufrag}`)) {
          return fail('NETWORK', 'the answer was refused: not for this offer');
        }
        session.onAccepted?.();
        return ok(offerLink);
      },
      cancel: () => {
        cancelled = true;
        this.#sessions.delete(ufrag);
      },
    });
  }

  async #answer(sdp: string): Promise<NetResult<Answerer>> {
    await this.#wait();
    const ufrag = /a=ice-ufrag:(\S+)/.exec(sdp)?.[1] ?? '';
    const session = this.#sessions.get(ufrag);
    if (!session || session.answered) return fail('NETWORK', 'could not answer the offer');
    session.answered = true;
    this.answers++;
    const link = new Promise<NetResult<Link>>((resolve) => {
      session.onAccepted = () => resolve(ok(session.answerLink));
    });
    return ok({
      sdp: fakeSdp(ufrag, 'active', 50_001),
      link,
      cancel: () => session.answerLink.drop(),
    });
  }
}
