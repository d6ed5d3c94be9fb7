// Turn alerts: when this browser's player comes to owe a move (or a call-down
// answer) while the page is hidden or unfocused, the tab's title and icon say
// so, a phone vibrates and, if the player turned it on, a system notification
// appears. Coming back to the page puts the title and icon back.
import game from './i18n/game';
import type { SessionSnapshot } from '$lib/session';

/** The tab's title while the table waits for this player, in the active language. */
export const turnTitle = (): string => game.turn_title();
const VIBRATION = [180, 90, 180];

/** What the alert needs of the page (a browser's in `browserPage`, a fake in tests). */
export interface AlertPage {
  /** Whether the player is looking at the page: visible and focused. */
  looking(): boolean;
  title: string;
  /** The tab's icon, with or without the turn badge. */
  badge(on: boolean): void;
  vibrate(pattern: readonly number[]): void;
  notify(title: string, body: string): void;
  /** Calls back whenever the page may have come into view (visibility, focus). */
  onReturn(listener: () => void): () => void;
}

export interface AlertSettings {
  readonly vibrate: boolean;
  readonly notify: boolean;
}

/** Whether a person's seat this browser plays (not on autoplay) has something to do now. */
export function owesMove(snap: SessionSnapshot | null | undefined): boolean {
  const t = snap?.table;
  if (!t || t.gameOver || snap.ended || snap.desync) return false;
  return t.local.some((l) => l.bot === null && l.autoplay === null && l.legal.length > 0);
}

export class TurnAlert {
  /** The title and badge are showing the turn. */
  alerting = $state(false);
  readonly #page: AlertPage;
  readonly #settings: AlertSettings;
  #owed = false;
  #title = '';
  readonly #off: () => void;

  constructor(page: AlertPage, settings: AlertSettings) {
    this.#page = page;
    this.#settings = settings;
    this.#off = page.onReturn(() => {
      if (page.looking()) this.#lower();
    });
  }

  /** The player's duty now: alerts when it starts while the player looks elsewhere. */
  set(owed: boolean): void {
    if (owed && !this.#owed && !this.#page.looking()) this.#raise();
    if (!owed) this.#lower();
    this.#owed = owed;
  }

  destroy(): void {
    this.#off();
    this.#lower();
  }

  #raise(): void {
    if (!this.alerting) this.#title = this.#page.title;
    this.alerting = true;
    this.#page.title = turnTitle();
    this.#page.badge(true);
    if (this.#settings.vibrate) this.#page.vibrate(VIBRATION);
    if (this.#settings.notify) this.#page.notify(game.turn_notify_title(), game.turn_notify_body());
  }

  #lower(): void {
    if (!this.alerting) return;
    this.alerting = false;
    this.#page.title = this.#title;
    this.#page.badge(false);
  }
}

/** The page this script runs in. */
export function browserPage(): AlertPage {
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const plain = icon?.getAttribute('href') ?? null;
  // A second static icon: the site's policy allows no data: or blob: images.
  const badged = plain?.replace(/favicon\.svg$/, 'favicon-turn.svg') ?? null;
  return {
    looking: () => document.visibilityState === 'visible' && document.hasFocus(),
    get title() {
      return document.title;
    },
    set title(text: string) {
      document.title = text;
    },
    badge(on) {
      const href = on ? badged : plain;
      if (icon && href) icon.setAttribute('href', href);
    },
    vibrate(pattern) {
      // Refused without an earlier tap on the page, and absent on desktops: nothing to do then.
      navigator.vibrate?.([...pattern]);
    },
    notify(title, body) {
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
      const n = new Notification(title, { body, tag: 'trainyard-turn', icon: plain ?? undefined });
      n.onclick = () => {
        window.focus();
        n.close();
      };
    },
    onReturn(listener) {
      document.addEventListener('visibilitychange', listener);
      window.addEventListener('focus', listener);
      return () => {
        document.removeEventListener('visibilitychange', listener);
        window.removeEventListener('focus', listener);
      };
    },
  };
}

/** Wires turn alerts into a table page: call while the component initialises. */
export function useTurnAlert(
  snapshot: () => SessionSnapshot | null | undefined,
  settings: AlertSettings,
): void {
  $effect(() => {
    const alert = new TurnAlert(browserPage(), settings);
    $effect(() => alert.set(owesMove(snapshot())));
    return () => alert.destroy();
  });
}
