// The handshake on each link. A member id is a claim until the link proves the
// member's key: each side sends a fresh nonce (a challenge) when the link opens,
// and each answers the other's with a hello signed over both nonces and both
// ends' ids (setup.ts), so a hello proves its key on this very link and cannot
// be replayed onto another. A link that keeps sending new challenges is not
// answered any more: each answer costs a signature. This side's nonce is
// renewed on a restart only once a hello has proved itself on it: renewing an
// unspent one would look like a restart to the other side, which would renew
// its own, and so on (crossing challenges, e.g. a reload's new page and the
// table dialling each other at once) until the limit leaves the link unproven.
import type { PeerId } from '$lib/net';
import { toBase64url } from '$lib/protocol/crypto/bytes';

/** New challenges one link may send (a restart each) before they go unanswered. */
export const MAX_CHALLENGES_PER_LINK = 4;

interface LinkState {
  /** The nonce this browser sent on the link. */
  mine: string;
  /** The other side's nonce, once its challenge came. */
  theirs: string | null;
  challenges: number;
  /** A hello signed over `mine` proved its sender here. */
  spent: boolean;
}

export type Challenged =
  /** A nonce seen already on this link: nothing to do. */
  | 'same'
  /**
   * Answer it; `restarted` when the other side had sent another one before (it
   * must prove itself again; this side's nonce is new if the old one proved a hello).
   */
  | { readonly restarted: boolean }
  | 'flood';

export class Links {
  readonly #random: (length: number) => Uint8Array;
  readonly #links = new Map<PeerId, LinkState>();

  constructor(random: (length: number) => Uint8Array) {
    this.#random = random;
  }

  /** A link is open: its state, new (with this browser's nonce to send) or as it was. */
  open(peer: PeerId): { readonly nonce: string; readonly fresh: boolean } {
    const known = this.#links.get(peer);
    if (known) return { nonce: known.mine, fresh: false };
    const mine = this.#nonce();
    this.#links.set(peer, { mine, theirs: null, challenges: 0, spent: false });
    return { nonce: mine, fresh: true };
  }

  closed(peer: PeerId): void {
    this.#links.delete(peer);
  }

  /** The other side's challenge came; a restart gives this side a new nonce too. */
  challenged(peer: PeerId, nonce: string): Challenged {
    const link = this.#links.get(peer);
    if (!link) return 'flood';
    if (link.theirs === nonce) return 'same';
    if (++link.challenges > MAX_CHALLENGES_PER_LINK) return 'flood';
    const restarted = link.theirs !== null;
    if (restarted && link.spent) {
      link.mine = this.#nonce();
      link.spent = false;
    }
    link.theirs = nonce;
    return { restarted };
  }

  /** A hello signed over this side's nonce proved its sender: a restart needs a fresh one. */
  proved(peer: PeerId): void {
    const link = this.#links.get(peer);
    if (link) link.spent = true;
  }

  /** The nonces a hello on this link signs: the one it answers and the sender's own. */
  nonces(peer: PeerId): { readonly mine: string; readonly theirs: string | null } | undefined {
    const link = this.#links.get(peer);
    return link && { mine: link.mine, theirs: link.theirs };
  }

  /** Links whose challenge came, to greet again (a rename). */
  answerable(): PeerId[] {
    return [...this.#links].flatMap(([peer, l]) => (l.theirs === null ? [] : [peer]));
  }

  #nonce(): string {
    return toBase64url(this.#random(16));
  }
}
