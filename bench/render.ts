// Board drawing in headless Chromium (software GL, as in CI): an 8-player
// double-12 Mexican Train table mid-game on the dev/board page, then 20 moves
// each shown with its slide. Every frame is timed inside the page with the
// GPU's work waited for (gl.finish), so the figure is what one frame costs.
import { withSite } from './site-browser';

interface Frame {
  readonly ms: number;
  readonly rebuilt: boolean;
  readonly scriptMs: number;
}

interface BenchWindow {
  __boardBench: { frames: Frame[]; step(): boolean };
}

const MOVES = 20;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

const round = (x: number) => +x.toFixed(2);

export async function run(): Promise<Record<string, unknown>> {
  return withSite({ peerServer: false }, async ({ url, browser }) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const query = 'variant=mexican-train&players=8&seed=3&moves=40&bench=1';
    await page.goto(`${url}dev/board?${query}`);
    await page.waitForSelector('[data-ready="true"]', { timeout: 60_000 });
    await page.waitForTimeout(500);
    const first = await page.evaluate(() => {
      const w = window as unknown as BenchWindow;
      return w.__boardBench.frames.filter((f) => f.rebuilt).map((f) => f.ms);
    });
    const updates: number[] = [];
    const scripts: number[] = [];
    const all: number[] = [];
    for (let i = 0; i < MOVES; i++) {
      const frames = await page.evaluate(async () => {
        const bench = (window as unknown as BenchWindow).__boardBench;
        bench.frames.length = 0;
        bench.step();
        // The slide lasts 420 ms; then the board stops drawing.
        await new Promise((r) => setTimeout(r, 600));
        return bench.frames.slice();
      });
      for (const f of frames) {
        all.push(f.ms);
        if (f.rebuilt) {
          updates.push(f.ms);
          scripts.push(f.scriptMs);
        }
      }
    }
    const cpu = await page.evaluate(() => navigator.hardwareConcurrency);
    return {
      table: 'mexican-train, 8 players, double-12, 40 moves in, 1280×800',
      renderer: 'headless Chromium, software GL (--disable-gpu)',
      cores: cpu,
      firstFrameMs: round(first[0] ?? NaN),
      frameMedianMs: round(median(updates.slice(0, 20))),
      updateFrames: updates.length,
      updateScriptMedianMs: round(median(scripts.slice(0, 20))),
      animationFrameMedianMs: round(median(all)),
      frames: all.length,
      worstFrameMs: round(Math.max(...all)),
      targetMs: 8,
      note:
        'frame = layout + scene update + canvas draw, waited for with a pixel read back. The ' +
        'canvas holds rails, tiles (sprites of an atlas of baked faces) and outlines; panels, ' +
        'labels and slots are DOM under it, rasterized by the browser when they change, and the ' +
        'slide is a DOM copy of the tile, so animation frames do not redraw the canvas.',
    };
  });
}
