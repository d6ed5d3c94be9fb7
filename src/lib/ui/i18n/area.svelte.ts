// One area's messages (app, site, howto): only the active language's module is
// loaded, when the area is first used and again when the language changes.
import { retried } from '../load-retry';
import { current, register, type Locale } from './locale.svelte';

/** Compiled messages take an inputs object; one with no inputs may be called bare. */
export type Messages<C> = {
  readonly [K in keyof C]: C[K] extends (inputs: infer I) => unknown
    ? object extends I
      ? (inputs?: I) => string
      : (inputs: I) => string
    : never;
};

export interface Area<C> {
  /** The messages, in the active language (read in markup, they follow a change). */
  readonly m: Messages<C>;
  load(locale: Locale): Promise<void>;
  /** The messages once the active language's are loaded (for what loads late: a dialog). */
  ready(): Promise<Messages<C>>;
}

export function area<C extends object>(
  loaders: Readonly<Record<Locale, () => Promise<C>>>,
): Area<C> {
  const loaded = $state<Partial<Record<Locale, C>>>({});
  const load = async (locale: Locale) => {
    // A module that did not arrive is asked for again (see load-retry).
    if (!loaded[locale]) loaded[locale] = await retried(loaders[locale]);
  };
  register(load);
  // Until a new language has loaded, the last one loaded speaks.
  const active = (): C => {
    const found = loaded[current.locale] ?? Object.values(loaded)[0];
    if (!found) throw new Error('i18n: a message was read before its area loaded');
    return found;
  };
  const m = new Proxy({} as Messages<C>, {
    get: (_, key): unknown => Reflect.get(active(), key),
  });
  return { m, load, ready: () => load(current.locale).then(() => m) };
}
