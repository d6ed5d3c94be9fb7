// What of the board is DOM under the canvas, moved with the camera by one CSS
// transform: each lane's felt panel with its name, caption, badges and pin, and
// the places a tile can go with their glow. These cover most of the board; the
// browser rasterizes them once per change and only moves them as the board
// pans, where the canvas would fill them again on every frame (in software
// WebGL that was most of a frame). Text here is the browser's, crisp at any zoom.
import type { Target } from '../engine';
import type { Camera } from './camera';
import type { Badge, BoardLayout, HitArea, Region } from './layout-types';
import { pipColour } from './pips';
import { railroadColour, railroadName } from './railroads';
import './board.css';

export interface BoardDom {
  update(layout: BoardLayout, targets: readonly Target[]): void;
  place(camera: Camera): void;
  /** Live places pulse unless motion is reduced. */
  set still(on: boolean);
  destroy(): void;
}

function suitText(suit: number, faces: BoardLayout['faces']): string {
  return faces === 'railroads' ? railroadName(suit) : String(suit);
}

/** A badge's words and look (a class of board.css). */
function pillFor(b: Badge, layout: BoardLayout): [string, string] {
  const w = layout.words;
  switch (b.kind) {
    case 'you':
      return [w.pillYou, 'you'];
    case 'turn':
      return [w.pillTurn, 'turn'];
    case 'marker':
      return [w.pillMarker, 'marker'];
    case 'derailed':
      return [w.pillDerailed, 'derailed'];
    case 'need':
      return [w.pillNeeds(suitText(b.suit, layout.faces)), 'need'];
    case 'hand':
      return b.count === 1 ? [w.pillLastTile, 'knock'] : [w.pillInHand(b.count), 'quiet'];
    case 'tokens':
      return [`★ ${b.count}`, 'quiet'];
    case 'count':
      return [w.pillTiles(b.count), 'quiet'];
  }
}

/** Badges by how much they matter: a lane with little room shows the first. */
const URGENCY: readonly Badge['kind'][] = [
  'derailed',
  'need',
  'marker',
  'turn',
  'hand',
  'tokens',
  'count',
  'you',
];

/** A marker token (MT-9): a red disc with a little locomotive. */
const MARKER_SVG =
  '<svg viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="11" r="9" fill="#000" opacity=".35"/>' +
  '<circle cx="10" cy="10" r="8.2" fill="#c0392b" stroke="#fff" stroke-width="1.6"/>' +
  '<rect x="6.4" y="9.2" width="7.2" height="4" fill="#fff"/><rect x="7.6" y="6.6" width="2" height="3.2" fill="#fff"/></svg>';

function el(tag: string, className: string, text?: string): HTMLElement {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function box(e: HTMLElement, x: number, y: number, w: number, h: number): void {
  Object.assign(e.style, { left: `${x}px`, top: `${y}px`, width: `${w}px`, height: `${h}px` });
}

function regionPanel(r: Region, layout: BoardLayout): HTMLElement {
  const quiet = r.kind === 'yard' || r.kind === 'discard';
  const panel = el('div', `ty-panel${quiet ? ' ty-faint' : r.own ? ' ty-own' : ''}`);
  panel.dataset.region = r.id;
  const { x, y, w, h } = r.rect;
  box(panel, x, y, w, h);
  panel.style.borderRadius = `${Math.min(12, layout.unit * 0.4)}px`;
  const side = r.labelAt.width < r.rect.w * 0.5;
  const head = el('div', side ? 'ty-head ty-side' : 'ty-head ty-top');
  // Placed relative to the panel: labelAt is in world units like the panel.
  Object.assign(head.style, {
    left: `${r.labelAt.x - x}px`,
    top: `${r.labelAt.y - y}px`,
    width: `${r.labelAt.width}px`,
  });
  if (side) head.style.maxHeight = `${Math.max(0, y + h - r.labelAt.y - 2)}px`;
  head.append(el('span', 'ty-name', r.label), el('span', 'ty-caption', r.caption));
  const badges = [...r.badges].sort((a, b) => URGENCY.indexOf(a.kind) - URGENCY.indexOf(b.kind));
  for (const badge of badges) {
    const [text, look] = pillFor(badge, layout);
    head.append(el('span', `ty-pill ty-${look}`, text));
  }
  panel.append(head);
  if (r.pin) {
    const marker = r.badges.some((b) => b.kind === 'marker');
    const pin = el('div', marker ? 'ty-pin ty-marker-pin' : 'ty-pin ty-stop');
    box(pin, r.pin.x - x, r.pin.y - y, r.pin.w, r.pin.h);
    if (marker) pin.innerHTML = MARKER_SVG;
    panel.append(pin);
  }
  return panel;
}

function slot(h: HitArea, layout: BoardLayout, live: boolean): HTMLElement {
  const { x, y, w, h: hh } = h.rect;
  const lane = h.kind === 'lane';
  const e = el('div', `ty-${lane ? 'lane' : 'slot'}${live ? ' ty-live' : ''}`);
  box(e, x, y, w, hh);
  e.style.borderRadius = `${lane ? Math.min(12, layout.unit * 0.4) : layout.unit * 0.14}px`;
  if (!lane && h.open !== null && h.open >= 0) {
    const text = suitText(h.open, layout.faces);
    const d = layout.unit * 0.68;
    const n = el('span', 'ty-open', text);
    Object.assign(n.style, {
      width: `${d}px`,
      height: `${d}px`,
      marginLeft: `${-d / 2}px`,
      marginTop: `${-d / 2}px`,
      fontSize: `${layout.unit * (text.length > 2 ? 0.3 : 0.45)}px`,
    });
    if (!live)
      n.style.borderColor =
        layout.faces === 'railroads' ? railroadColour(h.open) : pipColour(h.open);
    e.append(n);
  }
  return e;
}

/** The layer as the host's first child, so the canvas draws over it. */
export function mountBoardDom(host: HTMLElement): BoardDom {
  const layer = el('div', 'ty-board-dom');
  layer.setAttribute('aria-hidden', 'true');
  const panels = el('div', 'ty-panels');
  const slots = el('div', 'ty-slots');
  layer.append(panels, slots);
  host.prepend(layer);
  const regionKeys = new Map<string, { node: HTMLElement; key: string }>();
  let slotsKey = '';
  return {
    update(layout, targets) {
      const seen = new Set<string>();
      layout.regions.forEach((r, i) => {
        seen.add(r.id);
        const key = `${layout.unit}|${layout.faces}|${JSON.stringify(r)}`;
        let entry = regionKeys.get(r.id);
        if (entry?.key !== key) {
          const node = regionPanel(r, layout);
          if (entry) entry.node.replaceWith(node);
          entry = { node, key };
          regionKeys.set(r.id, entry);
        }
        if (panels.children[i] !== entry.node)
          panels.insertBefore(entry.node, panels.children[i] ?? null);
      });
      for (const [id, entry] of regionKeys) {
        if (seen.has(id)) continue;
        entry.node.remove();
        regionKeys.delete(id);
      }
      const key = `${layout.unit}|${layout.faces}|${targets.join(',')}|${JSON.stringify(layout.hitAreas)}`;
      if (key === slotsKey) return;
      slotsKey = key;
      slots.replaceChildren(
        ...layout.hitAreas
          .filter((h) => h.kind === 'slot' || targets.includes(h.target))
          .map((h) => slot(h, layout, targets.includes(h.target))),
      );
    },
    place(camera) {
      layer.style.transform = `translate(${camera.x}px, ${camera.y}px) scale(${camera.scale})`;
    },
    set still(on: boolean) {
      layer.classList.toggle('ty-still', on);
    },
    destroy() {
      layer.remove();
      regionKeys.clear();
    },
  };
}
