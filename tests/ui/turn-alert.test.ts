// Turn alerts on a fake page: the title and icon change only when the turn comes
// while the player looks elsewhere, come back when they return, and vibration and
// the notification follow the settings.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '$lib/session';
import { owesMove, TurnAlert, turnTitle, type AlertPage } from '$lib/ui/turn-alert.svelte';
import { load as loadGame } from '$lib/ui/i18n/game';

// The table's words in English unless a test says otherwise.
beforeAll(() => loadGame('en'));

function fakePage(looking = false) {
  const calls: string[] = [];
  let back: () => void = () => {};
  const page: AlertPage & { looking_: boolean; back(): void } = {
    looking_: looking,
    looking: () => page.looking_,
    title: 'Table · Trainyard',
    badge: (on) => calls.push(`badge ${on}`),
    vibrate: (p) => calls.push(`vibrate ${p.join(',')}`),
    notify: (title) => calls.push(`notify ${title}`),
    onReturn(listener) {
      back = listener;
      return () => (back = () => {});
    },
    back: () => back(),
  };
  return { page, calls };
}

describe('TurnAlert', () => {
  it('a turn that comes while the page is hidden: title, badge, vibration; restored on return', () => {
    const { page, calls } = fakePage(false);
    const alert = new TurnAlert(page, { vibrate: true, notify: false });
    alert.set(false);
    expect(page.title).toBe('Table · Trainyard');
    alert.set(true);
    expect(page.title).toBe(turnTitle());
    expect(alert.alerting).toBe(true);
    expect(calls).toEqual(['badge true', 'vibrate 180,90,180']);
    // Still the same turn: no second alert.
    alert.set(true);
    expect(calls).toHaveLength(2);
    // Focus without being visible is not coming back.
    page.back();
    expect(page.title).toBe(turnTitle());
    page.looking_ = true;
    page.back();
    expect(page.title).toBe('Table · Trainyard');
    expect(alert.alerting).toBe(false);
    expect(calls.at(-1)).toBe('badge false');
  });

  it('no alert while the player looks at the page', () => {
    const { page, calls } = fakePage(true);
    const alert = new TurnAlert(page, { vibrate: true, notify: true });
    alert.set(true);
    expect(page.title).toBe('Table · Trainyard');
    expect(calls).toEqual([]);
  });

  it('the turn passing (autoplay, a move from another device) restores the title too', () => {
    const { page } = fakePage(false);
    const alert = new TurnAlert(page, { vibrate: false, notify: false });
    alert.set(true);
    alert.set(false);
    expect(page.title).toBe('Table · Trainyard');
    // The next turn alerts again, and keeps the page's own title to restore.
    alert.set(true);
    alert.set(false);
    alert.set(true);
    expect(page.title).toBe(turnTitle());
    alert.destroy();
    expect(page.title).toBe('Table · Trainyard');
  });

  it('vibration and the notification follow the settings', () => {
    const { page, calls } = fakePage(false);
    const settings = { vibrate: false, notify: true };
    const alert = new TurnAlert(page, settings);
    alert.set(true);
    expect(calls).toEqual(['badge true', 'notify Your turn']);
  });
});

describe('owesMove', () => {
  const local = (over: object = {}) => ({
    seat: 0,
    bot: null,
    autoplay: null,
    legal: [{ type: 'pass' }],
    ...over,
  });
  const snap = (locals: object[], over: object = {}): SessionSnapshot =>
    ({
      ended: null,
      desync: null,
      table: { gameOver: false, local: locals },
      ...over,
    }) as unknown as SessionSnapshot;

  it('a person’s seat here with moves to make (a call-down answer too) owes one', () => {
    expect(owesMove(snap([local()]))).toBe(true);
    expect(owesMove(snap([local({ legal: [{ type: 'declare', tile: 3 }] })]))).toBe(true);
  });

  it('not a bot’s seat, nor one on autoplay, nor a finished or stopped game', () => {
    expect(owesMove(snap([local({ legal: [] })]))).toBe(false);
    expect(owesMove(snap([local({ bot: 'easy' })]))).toBe(false);
    expect(owesMove(snap([local({ autoplay: 'easy' })]))).toBe(false);
    expect(owesMove(snap([local()], { ended: { reason: 'x', scores: [] } }))).toBe(false);
    expect(owesMove(snap([local()], { desync: {} }))).toBe(false);
    expect(owesMove(null)).toBe(false);
    expect(
      owesMove({ ...snap([local()]), table: { gameOver: true, local: [local()] } } as never),
    ).toBe(false);
  });
});
