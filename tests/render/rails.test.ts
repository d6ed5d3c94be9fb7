// The rails under each lane are keyed per lane: a move redraws the lane it
// changed, and a lane whose tiles did not move keeps its drawing (one geometry
// per changed lane rebuilt on the page's thread, not the whole board's).
import { describe, expect, it } from 'vitest';
import { layoutBoard } from '../../src/lib/render';
import { railLanes } from '../../src/lib/render/rails';
import { midRound } from './games';

const view = { width: 1280, height: 800 };

describe('railLanes', () => {
  it('has a lane for each region with track, none for the hub, yards or faded tiles', () => {
    const layout = layoutBoard(midRound('mexican-train', 4, 7, 40).full, 0, view);
    const lanes = railLanes(layout.tiles, layout.unit);
    const tracked = new Set(
      layout.tiles
        .filter((t) => t.region !== 'hub' && !t.dim && !t.region.startsWith('yard'))
        .map((t) => t.region),
    );
    expect(new Set(lanes.keys())).toEqual(tracked);
    for (const [region, lane] of lanes) {
      const tiles = layout.tiles.filter((t) => t.region === region);
      for (const row of lane.rows) {
        const inRow = tiles.filter(
          (t) => Math.round(t.rect.y + t.rect.h / 2) === Math.round(row.mid),
        );
        expect(row.x0).toBe(Math.min(...inRow.map((t) => t.rect.x)));
        expect(row.x1).toBe(Math.max(...inRow.map((t) => t.rect.x + t.rect.w)));
      }
    }
  });

  it('changes a lane’s key exactly when its rows change, so a move redraws only its lanes', () => {
    let kept = 0;
    let redrawn = 0;
    for (let moves = 20; moves < 50; moves++) {
      const before = layoutBoard(midRound('mexican-train', 4, 3, moves).full, 0, view);
      const after = layoutBoard(midRound('mexican-train', 4, 3, moves + 1).full, 0, view);
      const a = railLanes(before.tiles, before.unit);
      const b = railLanes(after.tiles, after.unit);
      for (const [region, lane] of b) {
        const old = a.get(region);
        if (!old) continue;
        expect(old.key === lane.key).toBe(JSON.stringify(old.rows) === JSON.stringify(lane.rows));
        if (old.key === lane.key) kept++;
        else redrawn++;
      }
    }
    // Most moves touch one lane of five: the others keep their drawing.
    expect(redrawn).toBeGreaterThan(0);
    expect(kept).toBeGreaterThan(redrawn * 2);
  });
});
