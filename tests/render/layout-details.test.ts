import { describe, expect, it } from 'vitest';
import type { BaseState } from '../../src/lib/engine';
import type { DtState } from '../../src/lib/engine/variants/derailing-the-train/state';
import type { MtState } from '../../src/lib/engine/variants/mexican-train/state';
import { layoutBoard } from '../../src/lib/render';
import { midRound } from './games';

const PHONE = { width: 390, height: 844 };

/** The first seeded mid-round state (up to 200 tries) that `wanted` accepts. */
function find<S extends BaseState>(
  id: S['variant'],
  players: number,
  wanted: (s: S) => boolean,
): S {
  for (let seed = 1; seed < 200; seed++) {
    for (const moves of [10, 25, 40, 60]) {
      const s = midRound(id, players, seed, moves).full as S;
      if (wanted(s)) return s;
    }
  }
  throw new Error(`no ${id} state found`);
}

describe('layoutBoard', () => {
  it('is deterministic', () => {
    const { views } = midRound('mexican-train', 5, 3);
    const view = views[2] as BaseState;
    const a = layoutBoard(view, 2, PHONE, ['Ann', 'Bo', 'Cy', 'Di', 'Ed']);
    const b = layoutBoard(view, 2, PHONE, ['Ann', 'Bo', 'Cy', 'Di', 'Ed']);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it.each(['mexican-train', 'derailing-the-train', 'engine-191'] as const)(
    '%s: the viewer’s lane comes first after the hub, marked as theirs, named',
    (id) => {
      const { views } = midRound(id, 4, 5);
      const layout = layoutBoard(views[2] as BaseState, 2, PHONE, ['Ann', 'Bo', 'Cy', 'Di']);
      const [hub, own, ...rest] = layout.regions;
      expect(hub?.kind).toBe('hub');
      expect(own).toMatchObject({ owner: 2, own: true, label: 'Cy' });
      expect(own?.badges).toContainEqual({ kind: 'you' });
      expect(rest.some((r) => r.own && r.kind !== 'yard')).toBe(false);
      const seats = layout.regions.filter((r) => r.id.startsWith('p')).map((r) => r.owner);
      expect(seats).toEqual([2, 3, 0, 1]);
    },
  );

  it('lays the viewer’s lane first and the Mexican Train next; a spectator sees seat order', () => {
    const { full } = midRound('mexican-train', 3, 8);
    expect(layoutBoard(full, 1, PHONE).regions.map((r) => r.id)).toEqual([
      'hub',
      'p1',
      'mexican',
      'p2',
      'p0',
    ]);
    expect(layoutBoard(full, null, PHONE).regions.map((r) => r.id)).toEqual([
      'hub',
      'mexican',
      'p0',
      'p1',
      'p2',
    ]);
  });

  it('MT-6/MT-7: an unsatisfied double is crosswise, outlined with the suit it needs', () => {
    const s = find<MtState>('mexican-train', 4, (s) => s.pending.length > 0);
    const layout = layoutBoard(s, 0, PHONE);
    const pending = s.pending[s.pending.length - 1]!;
    const tile = layout.tiles.find((t) => t.tile === pending.tile);
    expect(tile).toMatchObject({ orientation: 'vertical', double: true, outline: 'need' });
    expect(tile?.need).toBe(tile?.ends[0]);
    const lane = layout.regions.find((r) => r.id === pending.target);
    expect(lane?.badges).toContainEqual({ kind: 'need', suit: tile?.need });
  });

  it('MT-9: a train’s marker is a badge with a pin at the lane’s start', () => {
    const s = find<MtState>('mexican-train', 3, (s) => s.trains.some((t) => t.marker));
    const seat = s.trains.findIndex((t) => t.marker);
    const lane = layoutBoard(s, 0, PHONE).regions.find((r) => r.id === `p${seat}`);
    expect(lane?.badges).toContainEqual({ kind: 'marker' });
    expect(lane?.pin).not.toBeNull();
  });

  it('DT-7: a derailed train is badged and its derailer outlined', () => {
    const s = find<DtState>('derailing-the-train', 3, (s) => s.trains.some((t) => t.derailed));
    const seat = s.trains.findIndex((t) => t.derailed);
    const layout = layoutBoard(s, 0, PHONE);
    const lane = layout.regions.find((r) => r.id === `p${seat}`);
    expect(lane?.badges).toContainEqual({ kind: 'derailed' });
    const last = s.trains[seat]!.tiles.at(-1);
    expect(layout.tiles.find((t) => t.tile === last)).toMatchObject({ outline: 'derailer' });
  });

  it('shows neighbouring tiles touching on equal suits along a train', () => {
    const { full } = midRound('mexican-train', 2, 4, 80);
    const layout = layoutBoard(full, 0, PHONE);
    for (const id of ['p0', 'p1', 'mexican']) {
      const tiles = layout.tiles.filter((t) => t.region === id);
      for (let i = 1; i < tiles.length; i++) {
        expect(tiles[i]!.ends[0]).toBe(tiles[i - 1]!.ends[1]);
      }
    }
  });

  it('railominos: the line reads west to east, with a slot at each end', () => {
    const { full } = midRound('railominos', 3, 6);
    const layout = layoutBoard(full, 0, { width: 1280, height: 800 });
    const slots = layout.hitAreas.filter((h) => h.kind === 'slot');
    expect(slots.map((h) => h.target)).toEqual(['west', 'east']);
    const line = layout.tiles.filter((t) => t.region === 'line');
    for (let i = 1; i < line.length; i++) {
      const [prev, next] = [line[i - 1]!, line[i]!];
      if (!prev.wild && !next.wild) expect(next.ends[0]).toBe(prev.ends[1]);
    }
    expect(layout.faces).toBe('railroads');
  });
});
