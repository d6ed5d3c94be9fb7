// Shared steps for the online suites: browsers in their own contexts (their own
// storage, their own PeerJS ids), a table created in the lobby and joined by
// its invite link, autoplay, and what every page must agree on at the end.
import { expect, type Browser, type Page } from '@playwright/test';
import { fastSettings, served, setOption } from './helpers-table';

/** A short game: one round with a double-six set and five tiles a hand. */
export const SHORT_MT = { handSize: 5, set: 6, rounds: 1 };

export interface Player {
  readonly page: Page;
  readonly name: string;
  readonly errors: string[];
}

/** A fresh browser context with instant pace; page errors and failed logs are kept. */
export async function newPlayer(browser: Browser, name: string): Promise<Player> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${name} pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${name} console: ${m.text()}`);
    if (process.env.ONLINE_DEBUG) console.log(`[${name}] ${m.type()}: ${m.text()}`);
  });
  await fastSettings(page, 'instant');
  return { page, name, errors };
}

/** The host opens the lobby, names itself and creates a table; returns the invite link. */
export async function createTable(host: Player, base = served()): Promise<string> {
  await host.page.goto(`${base}lobby`);
  await host.page.getByTestId('name-input').fill(host.name);
  await host.page.getByTestId('create-online').click();
  const link = host.page.getByTestId('invite-link');
  await expect(link).toBeVisible({ timeout: 20_000 });
  const value = await link.inputValue();
  expect(value).toContain('?join=');
  return value;
}

/** Sets the lobby's variant and options (host only). */
export async function setGame(
  host: Player,
  variant: string,
  options: Readonly<Record<string, number>>,
): Promise<void> {
  await host.page.getByTestId('variant-select').selectOption(variant);
  for (const [key, value] of Object.entries(options)) await setOption(host.page, key, value);
}

/** A player opens the invite link, picks a name and joins; waits to be seated. */
export async function joinTable(player: Player, link: string): Promise<void> {
  await player.page.goto(link);
  await player.page.waitForURL(/lobby\?join=/);
  await player.page.getByTestId('name-input').fill(player.name);
  await player.page.getByTestId('join').click();
  await expect(player.page.getByTestId('online-lobby')).toBeVisible({ timeout: 20_000 });
  await expect(player.page.getByTestId('seats')).toContainText(player.name);
}

/** Every page reaches the table page with a hand; autoplay is switched on for each. */
export async function startAndAutoplay(host: Player, players: readonly Player[]): Promise<void> {
  await host.page.getByTestId('start-game').click();
  for (const p of players) {
    await p.page.waitForURL(/table\?room=/, { timeout: 20_000 });
  }
  for (const p of players) await autoplay(p);
}

export async function autoplay(p: Player): Promise<void> {
  const button = p.page.getByTestId('autoplay');
  await expect(button).toBeVisible({ timeout: 30_000 });
  // A short game can end within the toggle's first second (autoplay then shows
  // off again): game over counts as done.
  const over = p.page.getByTestId('game-over');
  await expect(async () => {
    if (await over.isVisible()) return;
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
    if (await over.isVisible()) return;
    await expect(button).toHaveAttribute('aria-pressed', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** `p`'s move log shows at least `atLeast` lines: the round is under way. */
export async function movesShown(p: Player, atLeast: number): Promise<void> {
  const lines = p.page.getByTestId('move-log').locator('li');
  await expect.poll(() => lines.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(atLeast);
}

/** Every page shows game over with one state hash, the same scores, and a fair audit. */
export async function expectSameGameOver(players: readonly Player[], timeout = 90_000) {
  for (const p of players) {
    await expect(p.page.getByTestId('game-over')).toBeVisible({ timeout });
  }
  const hashes: string[] = [];
  const scores: string[] = [];
  for (const p of players) {
    const hash = p.page.getByTestId('state-hash');
    await expect(hash).not.toHaveText('');
    hashes.push((await hash.textContent()) ?? '');
    const rows = p.page.getByTestId('scoreboard').locator('tr[data-seat]');
    const totals = await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-total')));
    scores.push(totals.join(','));
    await expect(p.page.getByTestId('audit')).toHaveAttribute('data-violations', '0');
  }
  expect(new Set(hashes).size, hashes.join(' ')).toBe(1);
  expect(new Set(scores).size, scores.join(' | ')).toBe(1);
  return { hash: hashes[0] ?? '', scores: scores[0] ?? '' };
}

/** As a LAN player would set it: no STUN server, so pairing codes are made at once. */
const NO_STUN = JSON.stringify({ signalling: { kind: 'public' }, iceServers: [] });

/** With no server, only the lobby's probe for a PeerServer at <site>/peerjs may fail to load. */
const PROBE_404 = /Failed to load resource: .* 404 \(Not Found\)$/;

/** No page logged an error, but for the lobby's probe for a PeerServer of the site's own. */
export function expectNoErrorsButProbe(players: readonly Player[]): void {
  expect(players.flatMap((p) => p.errors).filter((e) => !PROBE_404.test(e))).toEqual([]);
}

/** Players in their own browsers, set up as LAN players with no STUN server. */
export async function noServerPlayers(browser: Browser, names: readonly string[]) {
  const players = await Promise.all(names.map((n) => newPlayer(browser, n)));
  for (const p of players) {
    await p.page.addInitScript((s) => localStorage.setItem('trainyard.net', s), NO_STUN);
  }
  return players;
}

/** A pairing code or link, once the page has made it. */
export async function codeIn(page: Page, testid: string): Promise<string> {
  const box = page.getByTestId(testid);
  await expect(box).not.toHaveValue('', { timeout: 20_000 });
  return box.inputValue();
}

/** The host opens the lobby at `base`, where no server is the natural choice, and creates a table. */
export async function createNoServerTable(host: Player, base: string): Promise<void> {
  await host.page.goto(`${base}lobby`);
  // The lobby has mounted (it reads a remembered name then): the name typed now stays.
  await expect(host.page.getByTestId('no-server')).toBeChecked();
  await host.page.getByTestId('name-input').fill(host.name);
  await host.page.getByTestId('create-online').click();
}

/**
 * `guest` opens the lobby at `base` and answers `offer` (by default `member`'s
 * lobby offer) pasted as text; the answer goes back to `member` by hand.
 */
export async function pairIntoLobby(
  member: Page,
  guest: Player,
  base: string,
  offer?: string,
): Promise<void> {
  const code = offer ?? (await codeIn(member, 'pair-offer'));
  await guest.page.goto(`${base}lobby`);
  await expect(guest.page.getByTestId('no-server')).toBeChecked();
  await guest.page.getByTestId('name-input').fill(guest.name);
  await guest.page.getByTestId('pair-code-input').fill(code);
  await guest.page.getByTestId('pair-open').click();
  await member.getByTestId('pair-answer-input').fill(await codeIn(guest.page, 'pair-answer'));
  await member.getByTestId('pair-accept').click();
  await expect(guest.page.getByTestId('online-lobby')).toBeVisible({ timeout: 30_000 });
}

/**
 * Ann hosts a no-server table on the site at `base`, Bob and Cat pair into its
 * lobby by hand, and a short game starts on autoplay on every page.
 */
export async function startNoServerGame(
  browser: Browser,
  base: string,
): Promise<[Player, Player, Player]> {
  const players = await noServerPlayers(browser, ['Ann', 'Bob', 'Cat']);
  const [ann, bob, cat] = players as [Player, Player, Player];
  await createNoServerTable(ann, base);
  await pairIntoLobby(ann.page, bob, base);
  await expect(ann.page.getByTestId('seat-1')).toContainText('Bob');
  await pairIntoLobby(ann.page, cat, base);
  await expect(ann.page.getByTestId('seat-2')).toContainText('Cat', { timeout: 30_000 });
  await setGame(ann, 'mexican-train', SHORT_MT);
  await startAndAutoplay(ann, players);
  return [ann, bob, cat];
}

/** `p` opens a code's `link` in a new tab of its browser; the tab hands it to the tab waiting for it. */
export async function handOverInNewTab(
  p: Player,
  link: string,
  handoff: 'pair-handoff' | 'pair-back-handoff',
): Promise<void> {
  const tab = await p.page.context().newPage();
  await tab.goto(link);
  await expect(tab.getByTestId(handoff)).toHaveAttribute('data-state', 'taken');
  await tab.close();
}
