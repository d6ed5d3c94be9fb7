// What a no-server table reads from a pairing code before it uses it: the
// offer or answer it must be, the table it comes from, a link or bare text —
// and a damaged, foreign or misplaced code refused in words a player can act on.
import { describe, expect, it } from 'vitest';
import { createManualEndpoint, type ManualTransport, type NetResult } from '$lib/net';
import { checkPairingCode, pairingCodeIn, pairingLink } from '$lib/session';
import { FakeRtc } from '../net/fake-rtc';

function unwrap<T>(result: NetResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

const rtc = new FakeRtc();
const endpoint = (id: string): ManualTransport =>
  unwrap(createManualEndpoint({ id, dialer: rtc.dialer() }));

async function codes(offerer: string, answerer: string) {
  const a = endpoint(offerer);
  const b = endpoint(answerer);
  const offer = unwrap(await a.createOffer());
  const answer = unwrap(await b.acceptOffer(offer.code));
  a.close();
  b.close();
  return { offer: offer.code, answer: answer.answer };
}

describe('pairing codes of a no-server table', () => {
  it('reads an offer and an answer, bare or as a link, and names the room', async () => {
    const { offer, answer } = await codes('roomabcd-hostx', 'roomabcd-guest');
    const link = pairingLink('https://example.org/trainyard/', offer);
    expect(link).toBe(`https://example.org/trainyard/?join=${offer}`);
    expect(pairingCodeIn(link)).toBe(offer);
    expect(pairingCodeIn(` ${offer.slice(0, 40)}\n${offer.slice(40)} `)).toBe(offer);
    expect(checkPairingCode(link, 'offer')).toEqual({
      ok: true,
      value: { room: 'roomabcd', peer: 'roomabcd-hostx' },
    });
    expect(checkPairingCode(answer, 'answer', 'roomabcd').ok).toBe(true);
  });

  it('leaves a room invite (room.member) to the invite parser', () => {
    expect(pairingCodeIn('https://example.org/?join=abcdefghij.zzzzzz')).toBeNull();
    expect(pairingCodeIn('abcdefghij.zzzzzz')).toBeNull();
    const invite = checkPairingCode('abcdefghij.zzzzzz', 'offer');
    expect(invite.ok ? '' : invite.error.detail).toContain('table with a server');
  });

  it('refuses a damaged, misplaced or foreign code and says why', async () => {
    const { offer, answer } = await codes('roomabcd-hostx', 'roomabcd-guest');
    const damaged = `${offer.slice(0, 20)}${offer[20] === 'A' ? 'B' : 'A'}${offer.slice(21)}`;
    const detail = (r: ReturnType<typeof checkPairingCode>): string =>
      r.ok ? 'ok' : r.error.detail;
    expect(detail(checkPairingCode(damaged, 'offer'))).toMatch(/damaged|cut off/);
    expect(detail(checkPairingCode(offer.slice(0, 30), 'offer'))).toMatch(/cut off|damaged/);
    expect(detail(checkPairingCode(answer, 'offer'))).toContain('that is an answer code');
    expect(detail(checkPairingCode(offer, 'answer'))).toContain('offer code, not an answer');
    expect(detail(checkPairingCode(answer, 'answer', 'otherroom'))).toContain('another table');
    const plain = await codes('alice', 'bob');
    expect(detail(checkPairingCode(plain.offer, 'offer'))).toContain('not from a Trainyard table');
  });
});
