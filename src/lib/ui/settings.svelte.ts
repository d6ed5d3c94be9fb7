// The player's table settings, remembered in localStorage: how tiles are drawn,
// how fast the bots' moves are shown, sound, motion, and how a turn is announced
// while the page is in the background (vibration, a system notification).
import { webStorage } from './storage';

export const SPEEDS = ['slow', 'normal', 'fast', 'instant'] as const;
export type Speed = (typeof SPEEDS)[number];

/** How long a move stays on screen before the next is shown. */
export const SPEED_MS: Readonly<Record<Speed, number>> = {
  slow: 1100,
  normal: 650,
  fast: 250,
  instant: 0,
};

export const MOTIONS = ['system', 'full', 'reduced'] as const;
export type Motion = (typeof MOTIONS)[number];

export interface SettingsData {
  readonly numerals: boolean;
  readonly speed: Speed;
  readonly sound: boolean;
  readonly motion: Motion;
  /** The level that plays my seat when autoplay is on. */
  readonly autoplayLevel: 'easy' | 'medium' | 'hard';
  /** A phone vibrates when a turn comes while the page is in the background. */
  readonly vibrate: boolean;
  /** A system notification then too (asked for permission when turned on). */
  readonly notify: boolean;
}

export const DEFAULT_SETTINGS: SettingsData = {
  numerals: false,
  speed: 'normal',
  sound: true,
  motion: 'system',
  autoplayLevel: 'medium',
  vibrate: true,
  notify: false,
};

export const SETTINGS_KEY = 'trainyard.settings';

/** Anything stored is checked field by field; what does not fit falls back to the default. */
export function parseSettings(raw: unknown): SettingsData {
  const o = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const pick = <T>(value: unknown, allowed: readonly T[], fallback: T): T =>
    allowed.includes(value as T) ? (value as T) : fallback;
  return {
    numerals: typeof o.numerals === 'boolean' ? o.numerals : DEFAULT_SETTINGS.numerals,
    speed: pick(o.speed, SPEEDS, DEFAULT_SETTINGS.speed),
    sound: typeof o.sound === 'boolean' ? o.sound : DEFAULT_SETTINGS.sound,
    motion: pick(o.motion, MOTIONS, DEFAULT_SETTINGS.motion),
    autoplayLevel: pick(
      o.autoplayLevel,
      ['easy', 'medium', 'hard'] as const,
      DEFAULT_SETTINGS.autoplayLevel,
    ),
    vibrate: typeof o.vibrate === 'boolean' ? o.vibrate : DEFAULT_SETTINGS.vibrate,
    notify: typeof o.notify === 'boolean' ? o.notify : DEFAULT_SETTINGS.notify,
  };
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export class Settings {
  numerals = $state(DEFAULT_SETTINGS.numerals);
  speed = $state<Speed>(DEFAULT_SETTINGS.speed);
  sound = $state(DEFAULT_SETTINGS.sound);
  motion = $state<Motion>(DEFAULT_SETTINGS.motion);
  autoplayLevel = $state<SettingsData['autoplayLevel']>(DEFAULT_SETTINGS.autoplayLevel);
  vibrate = $state(DEFAULT_SETTINGS.vibrate);
  notify = $state(DEFAULT_SETTINGS.notify);
  /** The system's prefers-reduced-motion, as last seen. */
  systemReduced = $state(false);
  readonly #storage: StorageLike | null;

  constructor(storage: StorageLike | null = webStorage('local')) {
    this.#storage = storage;
    let stored: unknown = null;
    try {
      stored = JSON.parse(storage?.getItem(SETTINGS_KEY) ?? 'null');
    } catch {
      stored = null;
    }
    this.#assign(parseSettings(stored));
    if (typeof matchMedia === 'function') {
      const query = matchMedia('(prefers-reduced-motion: reduce)');
      this.systemReduced = query.matches;
      query.addEventListener?.('change', (e) => (this.systemReduced = e.matches));
    }
  }

  get reducedMotion(): boolean {
    return this.motion === 'reduced' || (this.motion === 'system' && this.systemReduced);
  }

  /** Milliseconds a move stays on screen before the next one. */
  get stepMs(): number {
    return SPEED_MS[this.speed];
  }

  get data(): SettingsData {
    return {
      numerals: this.numerals,
      speed: this.speed,
      sound: this.sound,
      motion: this.motion,
      autoplayLevel: this.autoplayLevel,
      vibrate: this.vibrate,
      notify: this.notify,
    };
  }

  update(patch: Partial<SettingsData>): void {
    this.#assign(parseSettings({ ...this.data, ...patch }));
    try {
      this.#storage?.setItem(SETTINGS_KEY, JSON.stringify(this.data));
    } catch {
      // Private mode or a full disk: the settings still hold for this page.
    }
  }

  #assign(d: SettingsData): void {
    this.numerals = d.numerals;
    this.speed = d.speed;
    this.sound = d.sound;
    this.motion = d.motion;
    this.autoplayLevel = d.autoplayLevel;
    this.vibrate = d.vibrate;
    this.notify = d.notify;
  }
}

let shared: Settings | null = null;

/** The page's one Settings object (created on first use, in the browser). */
export function appSettings(): Settings {
  shared ??= new Settings();
  return shared;
}
