// A pairing code opened as a link in a new tab of the browser that waits for
// it — an answer, in the tab that made the offer; an offer, in the tab of a
// table whose page reloaded and waits to be paired back in: the new tab hands
// the code over (same site, BroadcastChannel) to the tab that takes it, and
// learns whether one did.
const CHANNEL = 'trainyard.pairing';
const WAIT_MS = 1500;

type Kind = 'answer' | 'offer';
type Handoff = { readonly kind: Kind; readonly code: string } | { readonly taken: string };

/**
 * The side of the tab that waits for a code of `kind`: `take` claims one for
 * its table (and shows how it goes there), or returns false.
 */
export function listenForCodes(kind: Kind, take: (code: string) => boolean): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<Handoff>) => {
    const m = event.data;
    if (!('kind' in m) || m.kind !== kind || typeof m.code !== 'string') return;
    if (take(m.code)) channel.postMessage({ taken: m.code } satisfies Handoff);
  };
  return () => channel.close();
}

/** Hands a code to the tab that waits for it; whether one took it. */
export function handCodeOver(kind: Kind, code: string): Promise<boolean> {
  if (typeof BroadcastChannel === 'undefined') return Promise.resolve(false);
  const channel = new BroadcastChannel(CHANNEL);
  return new Promise((resolve) => {
    const done = (taken: boolean): void => {
      clearTimeout(timer);
      channel.close();
      resolve(taken);
    };
    const timer = setTimeout(() => done(false), WAIT_MS);
    channel.onmessage = (event: MessageEvent<Handoff>) => {
      if ('taken' in event.data && event.data.taken === code) done(true);
    };
    channel.postMessage({ kind, code } satisfies Handoff);
  });
}

/** The side of the tab that holds an offer, waiting for its answer. */
export function listenForAnswers(take: (answer: string) => boolean): () => void {
  return listenForCodes('answer', take);
}

/** Hands an answer to the tab that made its offer; whether one took it. */
export function handAnswerOver(answer: string): Promise<boolean> {
  return handCodeOver('answer', answer);
}
