// A session as a stored record and back: the agreed setups, every log entry and
// this browser's seat keys (its person's and the bots it runs), so that a reload
// resumes the table. A record that does not verify is refused with the reason.
import { BOT_LEVELS, type BotLevel } from '$lib/bots';
import { fromBase64url, toBase64url } from '$lib/protocol/crypto/bytes';
import { fail, ok, type SessionResult } from '../errors';
import type { RestoredKeys, Session, SessionOptions } from '../session';
import { Session as SessionClass } from '../session';
import { setupJson } from '../setup';
import {
  MAX_ACCEPTED,
  STORED_TABLE_VERSION,
  type StoredSeatKeys,
  type StoredTable,
} from './stored-table';

export function toStored(
  session: Session,
  savedAt: number,
  settings: StoredTable['settings'] = {},
): StoredTable | null {
  const segments = session.segments();
  const last = segments[segments.length - 1];
  if (!last) return null;
  const snap = session.snapshot;
  const keys: StoredSeatKeys[] = session.storedKeys().map((k) => ({
    game: k.game ?? last.game,
    seat: k.seat ?? 0,
    kind: k.person ? 'human' : last.setup.seats[k.seat ?? 0]?.bot ? 'bot' : 'human',
    // A person's key from an earlier segment: the seat there says nothing of now. A
    // watcher's (no seat) is filed under seat 0 of the last game, which plays no seat here.
    level:
      (k.game === undefined && k.seat !== undefined ? last.setup.seats[k.seat]?.bot : null) ??
      k.autoplay ??
      null,
    signingSecret: toBase64url(k.signing),
    secret: toBase64url(k.secret),
    ...(k.pending === undefined ? {} : { pending: k.pending }),
  }));
  const accepted = session.acceptedRematches().slice(-MAX_ACCEPTED);
  // The person's own key comes first: it signs for the person's seat again on resume.
  keys.sort((a, b) => Number(b.kind === 'human') - Number(a.kind === 'human'));
  return {
    version: STORED_TABLE_VERSION,
    room: session.room,
    savedAt,
    device: session.member,
    name: session.name,
    variant: last.setup.variant,
    round: snap.table?.round ?? 1,
    finished: snap.table?.gameOver === true || snap.ended !== null,
    segments: segments.map((s) => {
      const evidence = snap.equivocations
        .filter((e) => e.game === s.game)
        .map(({ seat, seq, entries }) => ({ seat, seq, entries }));
      return {
        setup: setupJson(s.setup),
        game: s.game,
        agreements: s.agreements,
        log: s.log,
        ...(evidence.length > 0 ? { evidence } : {}),
      };
    }),
    keys,
    ...(accepted.length > 0 ? { accepted } : {}),
    // The host's leave for watchers to react (issue 23) outlives a reload.
    settings: snap.watchersReact ? { ...settings, watchersReact: true } : settings,
  };
}

/** A session rebuilt from its stored record, on a fresh transport. */
export function fromStored(
  stored: StoredTable,
  options: Omit<SessionOptions, 'room' | 'member' | 'name'>,
): SessionResult<Session> {
  const keys: RestoredKeys[] = [];
  for (const k of stored.keys) {
    const signing = fromBase64url(k.signingSecret, 64);
    const secret = fromBase64url(k.secret, 32);
    if (!signing || !secret) return fail('BAD_SETUP', 'a stored key is damaged');
    const level = (BOT_LEVELS as readonly (string | null)[]).includes(k.level)
      ? (k.level as BotLevel | null)
      : null;
    keys.push({
      signing,
      secret,
      // An Ed25519 secret key holds its public key in its last 32 bytes.
      publicKey: toBase64url(signing.slice(32)),
      seat: k.seat,
      person: k.kind === 'human',
      autoplay: k.kind === 'human' ? level : null,
      ...(k.pending === undefined ? {} : { pending: k.pending }),
    });
  }
  const session = new SessionClass(
    { ...options, room: stored.room, member: stored.device, name: stored.name },
    false,
  );
  const restored = session.restore(stored.segments, keys, stored.accepted ?? []);
  if (!restored.ok) {
    session.close();
    return restored;
  }
  // Alone until its links come back, this browser hosts: a guest takes the host's word again then.
  if (stored.settings.watchersReact === true) session.allowWatcherReactions(true);
  return ok(session);
}
