// Shared steps for the table suites: the served site, error watching, a solo
// table set up through the setup page, screenshots kept as artifacts.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export function served(name = 'E2E_ROOT_URL'): string {
  const url = process.env[name];
  if (!url) throw new Error(`${name} is not set: global setup did not run`);
  return url;
}

/** Page errors and console errors, to assert none were logged. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** Settings stored before the page loads: bots' moves shown without pausing. */
export async function fastSettings(page: Page, speed = 'instant'): Promise<void> {
  await page.addInitScript((s) => {
    localStorage.setItem('trainyard.settings', JSON.stringify({ speed: s, sound: false }));
    // A returning player: the walkthrough a first solo game opens by itself stays shut.
    if (localStorage.getItem('trainyard.howto') === null)
      localStorage.setItem('trainyard.howto', 'shown');
  }, speed);
}

export interface SoloSpec {
  readonly variant: string;
  readonly options: Readonly<Record<string, number>>;
  /** Bots after the default two (negative: remove that many). */
  readonly extraBots?: number;
  readonly name?: string;
  /** The site (default: the one served at the root). */
  readonly url?: string;
}

/** Sets a house rule in a setup or lobby: an on/off rule is a switch (0 off), any other a number field. */
export async function setOption(page: Page, key: string, value: number): Promise<void> {
  const input = page.getByTestId(`option-${key}`);
  if ((await input.getAttribute('role')) === 'switch') await input.setChecked(value !== 0);
  else await input.fill(String(value));
  await expectOption(page, key, value);
}

/** A house rule's field shows `value` (a switch: checked for anything but 0). */
export async function expectOption(page: Page, key: string, value: number): Promise<void> {
  const input = page.getByTestId(`option-${key}`);
  if ((await input.getAttribute('role')) === 'switch') {
    if (value !== 0) await expect(input).toBeChecked();
    else await expect(input).not.toBeChecked();
  } else await expect(input).toHaveValue(String(value));
}

/** Landing → Play solo → setup → the table page, dealt and showing a hand. */
export async function startSolo(page: Page, spec: SoloSpec): Promise<void> {
  await page.goto(spec.url ?? served());
  await page.getByTestId('play-solo').click();
  await expect(page.getByTestId('seat-0')).toBeVisible();
  await page.getByTestId('variant-select').selectOption(spec.variant);
  if (spec.name) await page.getByTestId('name-input').fill(spec.name);
  for (const [key, value] of Object.entries(spec.options)) await setOption(page, key, value);
  const extra = spec.extraBots ?? 0;
  for (let i = 0; i < extra; i++) await page.getByTestId('add-bot').click();
  for (let i = 0; i > extra; i--) {
    await page
      .getByRole('button', { name: /Remove seat/ })
      .last()
      .click();
  }
  await page.getByTestId('start-game').click();
  await page.waitForURL(/table\?room=/);
  await expect(page.getByTestId('hand').locator('button').first()).toBeVisible({
    timeout: 30_000,
  });
}

/**
 * Turns the person's autoplay on. With short hands a bot may end the first round
 * before the person's turn: its panel covers the table, so Next round comes first;
 * a game already over needs no autoplay.
 */
export async function autoplayOn(page: Page): Promise<void> {
  const next = page.getByTestId('next-round');
  const over = page.getByTestId('game-over');
  await expect(async () => {
    if (await over.isVisible()) return;
    if (await next.isVisible()) await next.click({ timeout: 1000 });
    await page.getByTestId('autoplay').click({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/** A screenshot kept under .test-output/screens and attached to the report. */
export async function keepScreenshot(page: Page, info: TestInfo, name: string): Promise<void> {
  const dir = path.join(process.cwd(), '.test-output', 'screens');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file });
  await info.attach(name, { path: file, contentType: 'image/png' });
}

/**
 * Clicks what was just seen, which may be gone by the click (a bot moved): gives
 * up soon, so the caller looks again. Whether it clicked.
 */
export function clickIfThere(what: Locator): Promise<boolean> {
  return what.click({ timeout: 2000 }).then(
    () => true,
    () => false,
  );
}

/**
 * One step of a turn by mouse: the call-down answer, a playable tile and its
 * target, draw or pass. Whether there was anything to do.
 */
export async function mouseStep(page: Page, targetWaitMs = 600): Promise<boolean> {
  const declare = page.getByRole('group', { name: 'Call-down' }).getByRole('button').first();
  const usable = page.getByTestId('hand').locator('button.usable').first();
  if (await declare.isVisible()) return clickIfThere(declare);
  else if (await usable.isVisible()) {
    if (!(await clickIfThere(usable))) return false;
    const target = page.locator('.targets button.target').first();
    const shown = await target.waitFor({ timeout: targetWaitMs }).then(
      () => true,
      () => false,
    );
    if (shown) await target.click();
  } else if (await page.getByTestId('draw').isEnabled()) await page.getByTestId('draw').click();
  else if (await page.getByTestId('pass').isEnabled()) await page.getByTestId('pass').click();
  else return false;
  return true;
}
