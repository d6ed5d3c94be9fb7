// The invite link through the system's share sheet, where the browser has the
// Web Share API (recorded here); Copy and the QR code stay beside it.
import { expect, test } from './fixtures';
import { createTable, newPlayer } from './helpers-online';

test('the host shares the invite link; Copy and QR stay', async ({ browser }) => {
  const host = await newPlayer(browser, 'Ann');
  await host.page.addInitScript(() => {
    const w = window as unknown as { shared: ShareData[] };
    w.shared = [];
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        w.shared.push(data);
        return Promise.resolve();
      },
    });
  });
  const link = await createTable(host);
  const lobby = host.page.getByTestId('online-lobby');
  await expect(lobby.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(lobby.getByText('QR code')).toBeVisible();
  await lobby.getByTestId('share').click();
  const shared = await host.page.evaluate(
    () => (window as unknown as { shared: ShareData[] }).shared,
  );
  expect(shared).toEqual([
    {
      title: 'Trainyard: join my table',
      text: 'Join my table of dominoes on Trainyard.',
      url: link,
    },
  ]);
  expect(host.errors).toEqual([]);
  await host.page.context().close();
});
