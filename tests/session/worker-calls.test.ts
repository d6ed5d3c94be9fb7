// The intents a worker carries out are exactly the TableClient's promise-answering
// methods: one missing would leave a button of a worker-run table doing nothing.
import { expect, it } from 'vitest';
import { startTableHere } from '$lib/session/tables/client';
import { CLIENT_CALLS } from '$lib/session/worker/worker-calls';

it('CLIENT_CALLS names every intent of a TableClient, and nothing else', async () => {
  const opened = await startTableHere({
    variant: 'mexican-train',
    seats: [
      { kind: 'person', name: 'Ada' },
      { kind: 'bot', level: 'easy' },
    ],
    store: null,
  });
  if (!opened.ok) throw new Error(opened.error.detail);
  const client = opened.value;
  const methods = Object.keys(client).filter(
    (k) => typeof client[k as keyof typeof client] === 'function',
  );
  // subscribe and close answer at once, on the page's side of the worker.
  const intents = methods.filter((k) => k !== 'subscribe' && k !== 'close');
  client.close();
  expect([...CLIENT_CALLS].sort()).toEqual(intents.sort());
});
