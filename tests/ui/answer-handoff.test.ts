// A pairing code opened as a link in another tab goes to the tab that waits
// for that kind of code (an answer to its offer, or an offer to pair a
// reloaded table back in), and the opening tab learns whether one took it.
import { afterEach, describe, expect, it } from 'vitest';
import { handAnswerOver, handCodeOver, listenForCodes } from '$lib/ui/online/answer-handoff';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('pairing code handoff between tabs', () => {
  it('hands an offer only to a tab waiting for offers, which may refuse it', async () => {
    const offers: string[] = [];
    stops.push(listenForCodes('offer', (code) => code.startsWith('ok') && offers.push(code) > 0));
    expect(await handCodeOver('offer', 'ok-offer')).toBe(true);
    expect(await handCodeOver('offer', 'refused')).toBe(false);
    expect(await handAnswerOver('ok-answer')).toBe(false);
    expect(offers).toEqual(['ok-offer']);
  });

  it('hands an answer to the tab that made the offer', async () => {
    stops.push(listenForCodes('answer', () => true));
    expect(await handAnswerOver('an-answer')).toBe(true);
  });
});
