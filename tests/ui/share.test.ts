// What is shared through the system's share sheet: a finished game's result from
// the sharer's side, and the invite; no button where the browser cannot share.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BaseState } from '$lib/engine';
import type { SeatView } from '$lib/session';
import { canShare, inviteShare, resultShare, share } from '$lib/ui/share';
import { load as loadGame } from '$lib/ui/i18n/game';

// The table's words in English unless a test says otherwise.
beforeAll(() => loadGame('en'));

const seat = (s: number, name: string): SeatView => ({
  seat: s,
  name,
  key: 'k',
  bot: null,
  member: 'local',
  local: true,
  present: true,
});
const seats = [seat(0, 'Ada'), seat(1, 'Casey'), seat(2, 'Pearl')];
const view = (winners: number[]) =>
  ({ variant: 'railominos', winners, scores: [3, 11, 7] }) as unknown as BaseState;

afterEach(() => vi.unstubAllGlobals());

describe('sharing', () => {
  it('a result says who won, from the sharer’s side, with every total and the site', () => {
    expect(resultShare(view([0]), seats, 0, 'https://example.org/')).toEqual({
      title: 'Trainyard: Railominos',
      text: 'I won Railominos on Trainyard: Ada 3, Casey 11, Pearl 7.',
      url: 'https://example.org/',
    });
    expect(resultShare(view([1, 2]), seats, 0, 'https://x/').text).toBe(
      'Casey and Pearl won Railominos on Trainyard: Ada 3, Casey 11, Pearl 7.',
    );
    expect(resultShare(view([]), seats, 0, 'https://x/').text).toMatch(/^We played Railominos/);
  });

  it('the invite carries its link', () => {
    expect(inviteShare('https://x/lobby?room=abc')).toMatchObject({
      url: 'https://x/lobby?room=abc',
    });
  });

  it('can share only where navigator.share exists; a closed sheet is no error', async () => {
    vi.stubGlobal('navigator', {});
    expect(canShare()).toBe(false);
    const calls: unknown[] = [];
    vi.stubGlobal('navigator', {
      share: (d: unknown) => {
        calls.push(d);
        return Promise.reject(new DOMException('closed', 'AbortError'));
      },
    });
    expect(canShare()).toBe(true);
    expect(await share(inviteShare('https://x/'))).toBe(false);
    expect(calls).toHaveLength(1);
  });
});
