// Work held back until the person first acts on the page runs once, after that
// act, and not at all on a page that went first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onFirstIntent } from '$lib/ui/first-intent';

let page: EventTarget;

beforeEach(() => {
  vi.useFakeTimers();
  page = new EventTarget();
  vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
  vi.stubGlobal('removeEventListener', page.removeEventListener.bind(page));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('onFirstIntent', () => {
  it.each(['pointerdown', 'keydown', 'focusin'])('runs once, after the first %s', (kind) => {
    const then = vi.fn();
    onFirstIntent(then);
    vi.advanceTimersByTime(10_000);
    expect(then).not.toHaveBeenCalled();
    page.dispatchEvent(new Event(kind));
    page.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(1_000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('never runs once stopped (the page went first)', () => {
    const then = vi.fn();
    onFirstIntent(then)();
    page.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(1_000);
    expect(then).not.toHaveBeenCalled();
  });
});
