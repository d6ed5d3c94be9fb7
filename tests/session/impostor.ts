// A peer that speaks the session's wire as any member it likes, signing with a
// key of its own: it follows the link handshake honestly (challenge, then a
// hello signed for this very link), so only the key it cannot show gives it away.
import type { NetResult, PeerId, Transport } from '$lib/net';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import { signHello } from '$lib/session/setup';
import type { Wire } from '$lib/session/wire';

export interface Impostor {
  connect(peer: PeerId): Promise<NetResult<void>>;
  send(peer: PeerId, message: Wire | Record<string, unknown>): void;
  /** Says hello as `member` on the link to `peer` (once that link's challenge came). */
  hello(peer: PeerId, member: string): boolean;
}

export function impostor(
  t: Transport,
  room: string,
  member: string,
  name: string,
  secretKey: Uint8Array,
): Impostor {
  const key = toBase64url(secretKey.slice(32));
  const challenges = new Map<PeerId, string>();
  const mine = (peer: PeerId): string => `impostor-${t.id}-${peer}`;
  const send = (peer: PeerId, message: Wire | Record<string, unknown>): void => {
    t.send(peer, JSON.stringify(message));
  };
  const hello = (peer: PeerId, as: string): boolean => {
    const challenge = challenges.get(peer);
    if (challenge === undefined) return false;
    const nonce = mine(peer);
    const binding = { room, member: as, name, from: t.id, to: peer, challenge, nonce };
    send(peer, {
      t: 'hello',
      room,
      member: as,
      name,
      key,
      n: nonce,
      sig: signHello(binding, secretKey),
    });
    return true;
  };
  t.onMessage((from, data) => {
    if (typeof data !== 'string' || !data.includes('"challenge"')) return;
    const m = JSON.parse(data) as { t: string; n: string };
    if (m.t !== 'challenge' || challenges.get(from) === m.n) return;
    challenges.set(from, m.n);
    send(from, { t: 'challenge', room, n: mine(from) });
    hello(from, member);
  });
  return {
    async connect(peer) {
      const r = await t.connect(peer);
      if (r.ok) send(peer, { t: 'challenge', room, n: mine(peer) });
      return r;
    },
    send,
    hello,
  };
}
