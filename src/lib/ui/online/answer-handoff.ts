// An answer link opened in a new tab of the browser that made the offer: the
// new tab hands the code to the tab whose table holds the offer (same site,
// BroadcastChannel), which takes it and says whether it could.
const CHANNEL = 'trainyard.pairing';
const WAIT_MS = 1500;

type Handoff = { readonly answer: string } | { readonly taken: string };

/**
 * The side of the tab that holds an offer: `take` claims an answer for its
 * table (and shows how it goes there), or returns false.
 */
export function listenForAnswers(take: (answer: string) => boolean): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<Handoff>) => {
    const m = event.data;
    if (!('answer' in m) || typeof m.answer !== 'string') return;
    if (take(m.answer)) channel.postMessage({ taken: m.answer } satisfies Handoff);
  };
  return () => channel.close();
}

/** Hands an answer to the tab that made its offer; whether one took it. */
export function handAnswerOver(answer: string): Promise<boolean> {
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
      if ('taken' in event.data && event.data.taken === answer) done(true);
    };
    channel.postMessage({ answer } satisfies Handoff);
  });
}
