// Reading and writing the lobby's addresses: `?join=`, a pasted invite, a table's query.
import { parseInvite } from '$lib/session';

export function queryParam(search: string, key: string): string | null {
  return new URLSearchParams(search).get(key);
}

export function query(params: Readonly<Record<string, string>>): string {
  return new URLSearchParams(params).toString();
}

/** An invite from a pasted link, or from a bare `room.member` code. */
export function pastedInvite(text: string): ReturnType<typeof parseInvite> {
  const t = text.trim();
  let search = `?join=${encodeURIComponent(t)}`;
  try {
    search = new URL(t).search;
  } catch {
    // Not a link: the code itself.
  }
  const r = parseInvite(search);
  return r.ok && r.value === null
    ? { ok: false, error: { code: 'WRONG_ROOM', detail: 'that is not an invite link' } }
    : r;
}
