// What the error page says for a status. SvelteKit's own message is English and
// written for developers ("Internal Error", a failed module's URL), so every
// status gets words of ours in the player's language instead.
import app from './i18n/app';

export const ERROR_KINDS = ['not-found', 'offline', 'load', 'request', 'other'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/**
 * 404 and 410 are not here; otherwise offline first, then a page whose code or
 * messages did not arrive (`load`), the link (4xx) or the page (the rest).
 */
export function errorKind(status: number, online: boolean, load = false): ErrorKind {
  if (status === 404 || status === 410) return 'not-found';
  if (!online) return 'offline';
  if (load) return 'load';
  return status >= 400 && status < 500 ? 'request' : 'other';
}

export function errorWords(kind: ErrorKind): { readonly title: string; readonly text: string } {
  switch (kind) {
    case 'not-found':
      return { title: app.error_not_found_title(), text: app.error_not_found() };
    case 'offline':
      return { title: app.error_offline_title(), text: app.error_offline() };
    case 'load':
      return { title: app.error_load_title(), text: app.error_load() };
    case 'request':
      return { title: app.error_request_title(), text: app.error_request() };
    case 'other':
      return { title: app.error_other_title(), text: app.error_other() };
  }
}
