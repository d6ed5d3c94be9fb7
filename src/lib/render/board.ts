// The Pixi board: one WebGL renderer per mount, drawn only when something changed
// (at most once per animation frame), panned by dragging and zoomed by wheel or
// pinch; taps on glowing targets become intents. The scene is retained: an
// update lays the view out again (pure arithmetic) and touches only the
// display objects that changed. The tile just played slides in as a DOM copy
// of its face over the canvas, so the canvas is drawn twice per move, not on
// every frame of the slide. Loaded on demand (see `loadBoard` in index.ts).
import {
  Container,
  getMaxFragmentPrecision,
  getTestContext,
  Graphics,
  RenderTexture,
  Sprite,
  Text,
  Texture,
  Ticker,
  WebGLRenderer,
} from 'pixi.js';
// Shader and uniform code without `new Function`: the site's CSP has no 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import type { Target } from '../engine';
import type { Board, BoardCallbacks, BoardInput } from './board-types';
import { clampCamera, homeCamera, panBy, toWorld, zoomAt } from './camera';
import type { Camera } from './camera';
import { tileFaceSvg } from './face-svg';
import { frameScheduler } from './frames';
import type { Point, Size } from './geometry';
import { targetAtPoint, tileAtPoint } from './hit';
import { layoutBoard } from './layout';
import type { BoardLayout, PlacedTile } from './layout-types';
import { SLIDE_MS } from './motion';
import { FaceAtlas } from './face-atlas';
import { mountBoardDom, type BoardDom } from './board-dom';
import { SceneView } from './scene';
import { CREAM, FONT } from './scene-style';

/**
 * Redraws for new input come at most this often (ms): bots at the instant pace
 * move every few ms, and a board redrawn on every frame then took the page's
 * thread from everything else. A tile lands no more than this late.
 */
const REBUILD_GAP_MS = 40;

/** Face pieces baked ahead per frame (see FaceAtlas.prepare). */
const WARM_PER_FRAME = 3;

/** A pointer that moved less than this (CSS px) between down and up is a tap. */
const TAP_SLOP = 8;

const SOFTWARE = /SwiftShader|llvmpipe|softpipe|Software|Basic Render/i;

/**
 * Whether WebGL here is drawn by the CPU, asked of Pixi's own test context (it
 * makes one anyway, for the shaders' precision, asked here too): a context of
 * our own for the question made the page's start create three.
 */
function softwareGl(): boolean {
  const probe = getTestContext();
  getMaxFragmentPrecision();
  if (!probe) return true;
  const info = probe.getExtension('WEBGL_debug_renderer_info');
  const name = String(probe.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : probe.RENDERER));
  return SOFTWARE.test(name);
}

/**
 * The WebGL context for Pixi, made here to tune it where WebGL runs in
 * software (SwiftShader, llvmpipe): no multisampling, and Pixi's batch shader
 * kept to one texture per draw — its per-pixel branch over sixteen texture
 * units makes every pixel several times dearer there.
 */
function glContext(canvas: HTMLCanvasElement, software: boolean): WebGL2RenderingContext | null {
  const gl = canvas.getContext('webgl2', {
    alpha: true,
    premultipliedAlpha: true,
    stencil: true,
    preserveDrawingBuffer: false,
    antialias: !software,
  });
  if (!gl || !software) return gl;
  const get = gl.getParameter.bind(gl);
  Object.defineProperty(gl, 'getParameter', {
    value: (p: number): unknown => (p === gl.MAX_TEXTURE_IMAGE_UNITS ? 1 : get(p)),
  });
  return gl;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Compiles the two WebGL programs the board draws with (Pixi's batch, and its
 * unbatched graphics) on a 1×1 target, each in a task of its own before the
 * board shows: compiled on first use, they held the first frames of a deal for
 * 25–70 ms each where WebGL runs in software (bench/long-tasks.ts).
 */
async function compilePrograms(renderer: WebGLRenderer): Promise<void> {
  const target = RenderTexture.create({ width: 1, height: 1 });
  const graphics = new Graphics().rect(0, 0, 1, 1).fill(0xffffff);
  graphics.context.batchMode = 'no-batch';
  for (const container of [new Sprite(Texture.WHITE), graphics]) {
    await nextTask();
    renderer.render({ container, target });
    container.destroy();
  }
  target.destroy(true);
}

interface SlideState {
  readonly tile: number;
  readonly el: HTMLElement;
  readonly animation: Animation;
}

export async function mountBoard(host: HTMLElement, callbacks: BoardCallbacks): Promise<Board> {
  // A renderer and a stage rather than an Application: Application picks its
  // renderer at run time, so WebGPU's and Canvas's would ship too, unused.
  const renderer = new WebGLRenderer();
  const stage = new Container();
  const resolution = Math.min(3, window.devicePixelRatio || 1);
  let alive = true;
  let started = false;
  let software = false;
  let input: BoardInput | null = null;
  let layout: BoardLayout | null = null;
  let scene: SceneView | null = null;
  let atlas: FaceAtlas | null = null;
  let dom: BoardDom | null = null;
  let camera: Camera = { x: 0, y: 0, scale: 1 };
  let viewport: Size = { width: 1, height: 1 };
  let stale = true;
  /** The host's size changed: the renderer takes it at the next frame. */
  let resized = false;
  let slide: SlideState | null = null;
  /** The last move already shown; null before the first draw (nothing slides then). */
  let lastKey: string | null = null;
  let lastMoveAt = -Infinity;
  let lastRebuildAt = -Infinity;
  let rebuildTimer: ReturnType<typeof setTimeout> | null = null;
  const world = new Container();
  const status = new Container();
  let statusText = '';

  const viewSize = (): Size => ({
    width: Math.max(1, host.clientWidth),
    height: Math.max(1, host.clientHeight),
  });

  const endSlide = () => {
    if (!slide) return;
    slide.animation.cancel();
    slide.el.remove();
    const piece = scene?.piece(slide.tile);
    if (piece) piece.visible = true;
    if (scene) scene.outlinesVisible = true;
    slide = null;
  };

  /** The tile just played flies in from the bottom of the view, where the hand is. */
  const startSlide = (t: PlacedTile) => {
    const piece = scene?.piece(t.tile);
    if (!piece || !input || !layout) return;
    const kind = layout.faces === 'railroads';
    const el = document.createElement('div');
    el.innerHTML = tileFaceSvg(t.ends[0], t.ends[1], {
      numerals: input.settings.numerals,
      orientation: t.orientation,
      railroads: kind,
    });
    const w = t.rect.w * camera.scale;
    const h = t.rect.h * camera.scale;
    const x = t.rect.x * camera.scale + camera.x;
    const y = t.rect.y * camera.scale + camera.y;
    Object.assign(el.style, {
      position: 'absolute',
      left: `${x}px`,
      top: `${y}px`,
      width: `${w}px`,
      height: `${h}px`,
      pointerEvents: 'none',
      filter: 'drop-shadow(0 3px 4px rgb(0 0 0 / 0.35))',
      willChange: 'transform',
    });
    el.setAttribute('aria-hidden', 'true');
    el.dataset.slide = '';
    const svg = el.firstElementChild as SVGElement | null;
    if (svg) Object.assign(svg.style, { width: '100%', height: '100%', display: 'block' });
    host.appendChild(el);
    const dx = viewport.width / 2 - (x + w / 2);
    const dy = viewport.height + 40 - (y + h / 2);
    const animation = el.animate(
      [
        { transform: `translate(${dx}px, ${dy}px) scale(1.15)` },
        { transform: 'translate(0, 0) scale(1)' },
      ],
      {
        duration: slideMs(),
        easing: 'cubic-bezier(0.33, 1, 0.68, 1)',
      },
    );
    piece.visible = false;
    if (scene) scene.outlinesVisible = false;
    slide = { tile: t.tile, el, animation };
    animation.onfinish = () => {
      if (slide?.el !== el) return;
      endSlide();
      frames.request();
    };
  };

  const slideMs = () => SLIDE_MS / Math.max(0.25, input?.settings.speed ?? 1);

  const rebuild = () => {
    lastRebuildAt = performance.now();
    if (!input) return;
    const next = layoutBoard(input.view, input.viewer, viewport, input.names, input.words);
    const widthChanged = layout?.world.width !== next.world.width;
    layout = next;
    camera = widthChanged
      ? homeCamera(layout.world, viewport)
      : clampCamera(camera, layout.world, viewport);
    atlas ??= new FaceAtlas(renderer, resolution * 2, !software);
    scene ??= new SceneView(atlas);
    if (scene.root.parent !== world) world.addChild(scene.root);
    endSlide();
    const move = input.lastMove;
    dom?.update(layout, input.targets);
    if (dom) dom.still = input.settings.reducedMotion;
    scene.update(layout, { numerals: input.settings.numerals, lastTile: move?.tile ?? null });
    const key = move
      ? `${input.view.round}|${input.view.moveIndex}|${move.tile}|${move.target}`
      : '';
    if (key !== lastKey) {
      const placed = move ? layout.tiles.find((t) => t.tile === move.tile) : undefined;
      // Moves coming faster than a slide lasts would cut each slide short: they just appear.
      const now = performance.now();
      const hurried = now - lastMoveAt < slideMs();
      lastMoveAt = now;
      if (placed && lastKey !== null && !input.settings.reducedMotion && !hurried)
        startSlide(placed);
      lastKey = key;
    }
    drawStatus(input.hideStatus ? null : layout.status);
    stale = false;
  };

  const drawStatus = (text: string | null) => {
    if ((text ?? '') === statusText) return;
    statusText = text ?? '';
    for (const c of status.removeChildren()) c.destroy({ children: true });
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
    placeStatus(w);
  };
  const placeStatus = (w = status.width) => {
    status.position.set((viewport.width - w) / 2, viewport.height - 44);
  };

  /** Waits for the GPU (software GL included) to finish the frame: measurement only. */
  const finish = () => {
    // gl.finish() returns early in Chromium; reading a pixel back does wait.
    const gl = renderer.gl as WebGL2RenderingContext | undefined;
    if (gl) gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  };

  const render = () => {
    if (!started || !alive) return;
    const t0 = performance.now();
    // A new size is a frame of its own (the canvas's buffer made again), the layout
    // for it the next: together with a move's they held the page's thread.
    const sized = resized;
    const rebuilt = stale && !sized;
    if (sized) {
      resized = false;
      viewport = viewSize();
      renderer.resize(viewport.width, viewport.height);
      placeStatus();
    } else if (stale) {
      try {
        rebuild();
      } catch (error) {
        // Start over from nothing next time rather than keep a half-built scene.
        console.error('board: redraw failed', error);
        scene?.destroy();
        scene = null;
        layout = null;
        stale = false;
      }
    }
    // Pixi's housekeeping (its GC's schedule) advances only with our frames.
    Ticker.system.update(t0);
    world.position.set(camera.x, camera.y);
    world.scale.set(camera.scale);
    dom?.place(camera);
    // A few of the pieces tiles will need are baked on each frame until all are, but
    // not on one that laid the board out: together they made the board's first frame
    // the page's longest task (bench/long-tasks.ts).
    const warming = (rebuilt || sized ? atlas?.warming : atlas?.warm(WARM_PER_FRAME)) ?? false;
    atlas?.flush();
    renderer.render(stage);
    if (callbacks.onFrame) {
      const script = performance.now() - t0;
      finish();
      callbacks.onFrame(performance.now() - t0, rebuilt, script);
    }
    if (warming || stale) frames.request();
  };
  const frames = frameScheduler(
    (cb) => requestAnimationFrame(cb),
    (id) => cancelAnimationFrame(id),
    render,
  );

  const resize = () => {
    if (!started || !alive) return;
    resized = true;
    stale = true;
    frames.request();
  };

  /** Pan and zoom move the canvas under a sliding copy: it lands where it was aimed, at once. */
  const cameraMoved = () => {
    endSlide();
    frames.request();
  };

  // Pointers: one finger drags (or taps), two pinch.
  const pointers = new Map<number, Point>();
  let travel = 0;
  let pinch = 0;
  const local = (e: { clientX: number; clientY: number }): Point => {
    const box = canvas.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onDown = (e: PointerEvent) => {
    canvas.setPointerCapture(e.pointerId);
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
    if (travel > TAP_SLOP) cameraMoved();
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
    cameraMoved();
  };
  const observer = new ResizeObserver(() => resize());

  const teardown = () => {
    observer.disconnect();
    endSlide();
    canvas.removeEventListener('pointerdown', onDown);
    canvas.removeEventListener('pointermove', onMove);
    canvas.removeEventListener('pointerup', onUp);
    canvas.removeEventListener('pointercancel', onUp);
    canvas.removeEventListener('wheel', onWheel);
    scene?.destroy();
    dom?.destroy();
    atlas?.destroy();
    stage.destroy({ children: true });
    renderer.destroy(true);
  };

  // pixijs#10331: destroying before init resolves breaks; the init promise is
  // tracked and a board destroyed early is torn down once it is up.
  const canvas = document.createElement('canvas');
  const ready = (async () => {
    // Evaluating pixi.js, probing WebGL, making the board's context, starting the
    // renderer and compiling its programs each get a task of their own (the first
    // draw is a frame of its own): in one piece they held the page's thread for
    // over 100 ms where WebGL runs in software.
    await nextTask();
    software = softwareGl();
    await nextTask();
    const context = glContext(canvas, software);
    if (!context) throw new Error('WebGL is not available');
    await nextTask();
    await renderer.init({
      canvas,
      context,
      width: viewSize().width,
      height: viewSize().height,
      resolution,
      autoDensity: true,
      // Transparent: the felt is the host's CSS background, not a layer to fill every frame.
      backgroundAlpha: 0,
      // Pointers are ours (no Pixi events) and nothing uses filters: Pixi need not
      // load its browser extensions (events, accessibility, DOM, filters).
      manageImports: false,
    });
    await compilePrograms(renderer);
  })().then(() => {
    // The renderer's scheduler keeps Pixi's system ticker asking for every
    // animation frame, which made the browser draw the page 60 times a second
    // for nothing: the board draws on demand, and ticks it itself.
    Ticker.system.autoStart = false;
    Ticker.system.stop();
    if (!alive) return teardown();
    started = true;
    canvas.setAttribute('aria-hidden', 'true');
    canvas.style.display = 'block';
    // Positioned, so it paints over the DOM layer (an absolutely placed sibling).
    canvas.style.position = 'relative';
    canvas.style.touchAction = 'none';
    host.appendChild(canvas);
    dom = mountBoardDom(host);
    canvas.addEventListener('pointerdown', onDown);
    canvas.addEventListener('pointermove', onMove);
    canvas.addEventListener('pointerup', onUp);
    canvas.addEventListener('pointercancel', onUp);
    canvas.addEventListener('wheel', onWheel, { passive: false });
    stage.addChild(world, status);
    observer.observe(host);
    resize();
  });
  ready.catch(() => undefined);

  const board: Board = {
    ready,
    update(next) {
      input = next;
      stale = true;
      const wait = lastRebuildAt + REBUILD_GAP_MS - performance.now();
      if (wait <= 0) frames.request();
      else
        rebuildTimer ??= setTimeout(() => {
          rebuildTimer = null;
          frames.request();
        }, wait);
    },
    targetAt(clientX, clientY): Target | null {
      if (!layout || !input || !started) return null;
      return targetAtPoint(layout, input.targets, toWorld(camera, local({ clientX, clientY })));
    },
    placeAt(clientX, clientY): Target | null {
      if (!layout || !started) return null;
      const all = layout.hitAreas.map((h) => h.target);
      return targetAtPoint(layout, all, toWorld(camera, local({ clientX, clientY })));
    },
    resize,
    destroy() {
      if (!alive) return;
      alive = false;
      frames.cancel();
      if (rebuildTimer !== null) clearTimeout(rebuildTimer);
      if (started) teardown();
    },
  };
  return board;
}
