// The board speaks the page's language: lane names and captions come from the
// words it is given, English when none are.
import { describe, expect, it } from 'vitest';
import type { BaseState } from '../../src/lib/engine';
import { layoutBoard } from '../../src/lib/render';
import { ENGLISH_BOARD_WORDS } from '../../src/lib/render/board-words';
import { midRound } from './games';

const PHONE = { width: 390, height: 844 };

describe('the board’s words', () => {
  const view = midRound('mexican-train', 3, 3, 10).full as BaseState;

  it('are English by default', () => {
    const labels = layoutBoard(view, 0, PHONE).regions.map((r) => r.label);
    expect(labels).toContain('Engine');
    expect(labels).toContain('Mexican Train');
    expect(labels).toContain('You');
  });

  it('are the page’s when it gives them, for lanes, captions and the seat without a name', () => {
    const words = {
      ...ENGLISH_BOARD_WORDS,
      lang: 'es',
      you: 'Tú',
      engine: 'Locomotora',
      mexicanTrain: 'Tren mexicano',
      train: 'tren',
      round: (n: number) => `ronda ${n}`,
    };
    const layout = layoutBoard(view, 0, PHONE, ['', 'Bo', 'Cy'], words);
    const regions = new Map(layout.regions.map((r) => [r.id, r]));
    expect(regions.get('hub')).toMatchObject({ label: 'Locomotora', caption: 'ronda 1' });
    expect(regions.get('mexican')?.label).toBe('Tren mexicano');
    expect(regions.get('p0')).toMatchObject({ label: 'Tú', caption: 'tren' });
    expect(regions.get('p1')?.label).toBe('Bo');
    expect(layout.words.lang).toBe('es');
  });
});
