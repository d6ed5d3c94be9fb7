// The dealing arithmetic in a real browser, from the build on a plain static host: the
// WebAssembly accelerator loads (no network: it is inlined in the bundle) and
// builds the same hop bytes as the pure-JS path. Timings are printed, not judged.
import { expect, test } from './fixtures';

test('the deck accelerator loads in Chromium and agrees with the JS path', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const root = process.env.E2E_STATIC_SUBPATH_URL;
  if (!root) throw new Error('E2E_STATIC_SUBPATH_URL is not set: global setup did not run');
  await page.goto(new URL('dev/deck', root).href);
  await expect(page.getByTestId('status')).toHaveText('accelerated, same bytes', {
    timeout: 60_000,
  });
  const result = JSON.parse((await page.getByTestId('result').textContent()) ?? '{}') as Record<
    string,
    unknown
  >;
  console.log(`deck check in Chromium: ${JSON.stringify(result)}`);
  expect(errors).toEqual([]);
});
