// The Pixi board: one Application per mount, redrawn at most once per animation
// frame, panned by dragging and zoomed by wheel or pinch; taps on glowing
// targets become intents. Loaded on demand (see `loadBoard` in index.ts).
import { Application, Container, FillGradient, Graphics, Text } from 'pixi.js';
import type { Target } from '../engine';
import type { Board, BoardCallbacks, BoardInput } from './board-types';
import { clampCamera, homeCamera, panBy, toWorld, zoomAt } from './camera';
import type { Camera } from './camera';
import { frameScheduler } from './frames';
import type { Point, Size } from './geometry';
import { targetAtPoint, tileAtPoint } from './hit';
import { layoutBoard } from './layout';
import type { BoardLayout } from './layout-types';
import { SLIDE_MS, slideAt } from './motion';
import type { Slide } from './motion';
import { drawScene } from './scene';
import type { Scene } from './scene';
import { FacePieces } from './scene-faces';
import { CREAM, FELT, FELT_DARK, FELT_LIGHT, FONT } from './scene-style';

/** A pointer that moved less than this (CSS px) between down and up is a tap. */
const TAP_SLOP = 8;

function feltGradient(): FillGradient {
  return new FillGradient({
    type: 'radial',
    center: { x: 0.5, y: 0.35 },
    innerRadius: 0,
    outerCenter: { x: 0.5, y: 0.35 },
    outerRadius: 0.9,
    colorStops: [
      { offset: 0, color: FELT_LIGHT },
      { offset: 0.55, color: FELT },
      { offset: 1, color: FELT_DARK },
    ],
  });
}

export async function mountBoard(host: HTMLElement, callbacks: BoardCallbacks): Promise<Board> {
  const app = new Application();
  const resolution = Math.min(3, window.devicePixelRatio || 1);
  let alive = true;
  let started = false;
  let input: BoardInput | null = null;
  let layout: BoardLayout | null = null;
  let scene: Scene | null = null;
  let faces: FacePieces | null = null;
  let camera: Camera = { x: 0, y: 0, scale: 1 };
  let viewport: Size = { width: 1, height: 1 };
  let stale = true;
  let slide: Slide | null = null;
  /** The last move already shown; null before the first draw (nothing slides then). */
  let lastKey: string | null = null;
  const background = new Graphics();
  const world = new Container();
  const status = new Container();

  const viewSize = (): Size => ({
    width: Math.max(1, host.clientWidth),
    height: Math.max(1, host.clientHeight),
  });

  const rebuild = () => {
    if (!input || !faces) return;
    stale = false;
    const next = layoutBoard(input.view, input.viewer, viewport, input.names);
    const widthChanged = layout?.world.width !== next.world.width;
    layout = next;
    camera = widthChanged
      ? homeCamera(layout.world, viewport)
      : clampCamera(camera, layout.world, viewport);
    scene?.root.destroy({ children: true });
    const move = input.lastMove;
    scene = drawScene(layout, faces, {
      targets: input.targets,
      numerals: input.settings.numerals,
      lastTile: move?.tile ?? null,
      resolution: resolution * 2,
    });
    world.addChild(scene.root);
    // A new last move slides in from the bottom of the view, where the hand is.
    const key = move
      ? `${input.view.round}|${input.view.moveIndex}|${move.tile}|${move.target}`
      : '';
    const piece = scene.lastPiece;
    if (key !== lastKey) {
      const animate = move && piece && lastKey !== null && !input.settings.reducedMotion;
      slide = animate
        ? {
            from: toWorld(camera, { x: viewport.width / 2, y: viewport.height + 40 }),
            to: { x: piece.x, y: piece.y },
            start: performance.now(),
            duration: SLIDE_MS / Math.max(0.25, input.settings.speed),
          }
        : null;
      lastKey = key;
    }
    drawStatus();
  };

  const drawBackground = () => {
    background.clear();
    background.rect(0, 0, viewport.width, viewport.height).fill(feltGradient());
    // A faint weave so the felt does not look like flat paint.
    for (let y = 0; y < viewport.height; y += 4) {
      background.rect(0, y, viewport.width, 1).fill({ color: 0x000000, alpha: 0.035 });
    }
  };

  const drawStatus = () => {
    for (const c of status.removeChildren()) c.destroy({ children: true });
    const text = layout?.status;
    if (!text) return;
    const t = new Text({
      text,
      style: { fontFamily: FONT, fontSize: 15, fontWeight: '600', fill: CREAM },
      resolution: resolution * 2,
    });
    const w = t.width + 28;
    const pill = new Graphics().roundRect(0, 0, w, 30, 15).fill({ color: 0x000000, alpha: 0.45 });
    t.position.set(14, (30 - t.height) / 2);
    status.addChild(pill, t);
    status.position.set((viewport.width - w) / 2, viewport.height - 44);
  };

  const render = (time: number) => {
    if (!started || !alive) return;
    if (stale) rebuild();
    world.position.set(camera.x, camera.y);
    world.scale.set(camera.scale);
    let more = false;
    if (slide && scene) {
      const { at, done } = slideAt(slide, time);
      scene.lastPiece?.position.set(at.x, at.y);
      if (done) slide = null;
      else more = true;
    }
    if (scene && input && input.targets.length > 0 && !input.settings.reducedMotion) {
      scene.glow.alpha = 0.7 + 0.3 * Math.sin(time / 260);
      more = true;
    } else if (scene) scene.glow.alpha = 1;
    app.render();
    if (more) frames.request();
  };
  const frames = frameScheduler(
    (cb) => requestAnimationFrame(cb),
    (id) => cancelAnimationFrame(id),
    render,
  );

  const resize = () => {
    if (!started || !alive) return;
    viewport = viewSize();
    app.renderer.resize(viewport.width, viewport.height);
    drawBackground();
    stale = true;
    frames.request();
  };

  // Pointers: one finger drags (or taps), two pinch.
  const pointers = new Map<number, Point>();
  let travel = 0;
  let pinch = 0;
  const local = (e: { clientX: number; clientY: number }): Point => {
    const box = app.canvas.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onDown = (e: PointerEvent) => {
    app.canvas.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, local(e));
    if (pointers.size === 1) travel = 0;
    pinch = spread();
  };
  const onMove = (e: PointerEvent) => {
    const before = pointers.get(e.pointerId);
    if (!before || !layout) return;
    const now = local(e);
    pointers.set(e.pointerId, now);
    if (pointers.size === 1) {
      travel += Math.hypot(now.x - before.x, now.y - before.y);
      if (travel > TAP_SLOP)
        camera = panBy(camera, now.x - before.x, now.y - before.y, layout.world, viewport);
    } else if (pointers.size === 2) {
      travel = Infinity;
      const d = spread();
      const [a, b] = [...pointers.values()] as [Point, Point];
      if (pinch > 0) {
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        camera = zoomAt(camera, mid, d / pinch, layout.world, viewport);
      }
      pinch = d;
    }
    frames.request();
  };
  const onUp = (e: PointerEvent) => {
    const wasTap = pointers.size === 1 && travel <= TAP_SLOP;
    pointers.delete(e.pointerId);
    pinch = spread();
    if (!wasTap || e.type === 'pointercancel' || !layout) return;
    const target = board.targetAt(e.clientX, e.clientY);
    if (target !== null) return callbacks.onTarget(target);
    const tile = tileAtPoint(layout, toWorld(camera, local(e)));
    if (tile !== null) callbacks.onTile?.(tile);
  };
  const onWheel = (e: WheelEvent) => {
    if (!layout) return;
    e.preventDefault();
    camera = zoomAt(camera, local(e), Math.exp(-e.deltaY * 0.0015), layout.world, viewport);
    frames.request();
  };
  const observer = new ResizeObserver(() => resize());

  const teardown = () => {
    observer.disconnect();
    const canvas = app.canvas;
    canvas.removeEventListener('pointerdown', onDown);
    canvas.removeEventListener('pointermove', onMove);
    canvas.removeEventListener('pointerup', onUp);
    canvas.removeEventListener('pointercancel', onUp);
    canvas.removeEventListener('wheel', onWheel);
    faces?.destroy();
    app.destroy(true, { children: true });
  };

  // pixijs#10331: destroying before init resolves breaks; the init promise is
  // tracked and a board destroyed early is torn down once it is up.
  const ready = app
    .init({
      width: viewSize().width,
      height: viewSize().height,
      resolution,
      autoDensity: true,
      antialias: true,
      autoStart: false,
      background: FELT_DARK,
      preference: 'webgl',
    })
    .then(() => {
      if (!alive) return teardown();
      started = true;
      faces = new FacePieces(resolution * 2);
      const canvas = app.canvas;
      canvas.setAttribute('aria-hidden', 'true');
      canvas.style.display = 'block';
      canvas.style.touchAction = 'none';
      host.appendChild(canvas);
      canvas.addEventListener('pointerdown', onDown);
      canvas.addEventListener('pointermove', onMove);
      canvas.addEventListener('pointerup', onUp);
      canvas.addEventListener('pointercancel', onUp);
      canvas.addEventListener('wheel', onWheel, { passive: false });
      app.stage.addChild(background, world, status);
      observer.observe(host);
      resize();
    });
  ready.catch(() => undefined);

  const board: Board = {
    ready,
    update(next) {
      input = next;
      stale = true;
      frames.request();
    },
    targetAt(clientX, clientY): Target | null {
      if (!layout || !input || !started) return null;
      return targetAtPoint(layout, input.targets, toWorld(camera, local({ clientX, clientY })));
    },
    resize,
    destroy() {
      if (!alive) return;
      alive = false;
      frames.cancel();
      if (started) teardown();
    },
  };
  return board;
}
