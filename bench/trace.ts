// A Chromium trace of a page's main thread (the DevTools timeline categories):
// its tasks with their wall and CPU time, and the marks a bench put in it with
// console.timeStamp. A task's wall time beyond its CPU time is time its thread
// waited (for a core, for the GPU process), not work of the page's own.
import type { Browser, Page } from '@playwright/test';

export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  /** Microseconds. */
  readonly ts: number;
  readonly dur?: number;
  /** The thread's own time in it (CPU), without the time it waited for a core. */
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly name?: string; readonly data?: { readonly message?: string } };
}

export const startTrace = (browser: Browser, page: Page): Promise<void> =>
  browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });

export async function stopTrace(browser: Browser): Promise<readonly TraceEvent[]> {
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  return trace.traceEvents;
}

/** A mark in the trace, for `markAt`. */
export const mark = (page: Page, name: string): Promise<void> =>
  page.evaluate((n) => console.timeStamp(n), name);

/** When `mark` put `name` in the trace (µs), or Infinity. */
export function markAt(events: readonly TraceEvent[], name: string): number {
  return (
    events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === name)?.ts ?? Infinity
  );
}

/** Every task of the pages' main threads. */
export function mainTasks(events: readonly TraceEvent[]): TraceEvent[] {
  const main = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events.filter((e) => main.has(`${e.pid}:${e.tid}`) && e.name === 'RunTask');
}
