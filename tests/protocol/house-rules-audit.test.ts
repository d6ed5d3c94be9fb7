// H-3 (house rule drawUntilPlay) at the table: a dishonest "no play" during a
// draw-until-play run is a claim the other peers cannot check, and the
// end-of-round audit names it by seat, entry and rule like any other false claim.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Move } from '$lib/engine';
import { accelerate } from '$lib/protocol/crypto/accelerator';
import { moveDraft } from '$lib/protocol/table/peer';
import { runTable, type SimTamper } from './table-sim';

beforeAll(() => accelerate());

const CHEATER = 1;
type Cheat = 'drawOn' | 'stop';

describe('H-3 named by the end-of-round audit', () => {
  it('drawing on past a playable drawn tile, and stopping while the drawn tile cannot be played', () => {
    const cheats: { seq: number; type: Cheat }[] = [];
    const tamper: SimTamper = (seat, draft, peer, log) => {
      if (seat !== CHEATER || draft.kind !== 'move') return draft;
      const { move } = draft.body as { move: Move };
      const view = peer.table.view;
      if (view.variant !== 'mexican-train' || view.phase !== 'playing') return draft;
      const drawn = 'step' in view && (view.step as { drawn: number | null }).drawn !== null;
      const done = (type: Cheat) => cheats.some((c) => c.type === type);
      if (!drawn || view.boneyard.length === 0) return draft;
      // The drawn tile fits: it is played honestly; the cheat draws on instead.
      if (move.type === 'play' && !done('drawOn')) {
        cheats.push({ seq: log.length, type: 'drawOn' });
        return moveDraft(peer.table, { seat, type: 'draw' });
      }
      // It does not fit: the honest move is to draw on; the cheat stops.
      if (move.type === 'draw' && !done('stop')) {
        cheats.push({ seq: log.length, type: 'stop' });
        return moveDraft(peer.table, { seat, type: 'pass' });
      }
      return draft;
    };
    const run = runTable({
      variant: 'mexican-train',
      players: 2,
      options: { set: 6, handSize: 5, rounds: 1, drawUntilPlay: 1 },
      seed: 5,
      tamper,
    });
    expect(run.refused).toBeNull();
    expect(cheats.map((c) => c.type).sort()).toEqual(['drawOn', 'stop']);
    const { audits } = run.peers[0]!.table;
    const violations = audits[0]!.violations;
    expect(violations.map((v) => [v.seat, v.seq, v.code, v.rule])).toEqual(
      cheats.map((c) => [CHEATER, c.seq, 'ILLEGAL_MOVE', 'H-3']),
    );
    for (const p of run.peers) expect(p.table.audits).toEqual(audits);
  });
});

describe('H-3 with C-5 refused at once', () => {
  it('a pass after a draw by a player bound to satisfy a double, with tiles left to draw, is wrong whatever the tile', () => {
    let seq = -1;
    const run = runTable({
      variant: 'mexican-train',
      players: 2,
      options: { set: 6, handSize: 5, rounds: 1, drawUntilPlay: 1 },
      seed: 1,
      tamper: (seat, draft, peer, log) => {
        if (seat !== CHEATER || draft.kind !== 'move' || seq >= 0) return draft;
        const view = peer.table.view;
        if (view.variant !== 'mexican-train' || view.phase !== 'playing') return draft;
        const { step, pending } = view as unknown as {
          step: { drawn: number | null };
          pending: readonly unknown[];
        };
        if (step.drawn === null || pending.length === 0 || view.boneyard.length === 0) return draft;
        seq = log.length;
        return moveDraft(peer.table, { seat, type: 'pass' });
      },
    });
    expect(seq).toBeGreaterThan(0);
    expect(run.refused).toMatchObject({ seat: CHEATER, seq });
    const errors = run.refused!.errors.filter((e) => e !== null);
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors)
      expect(e).toMatchObject({ rule: expect.stringMatching(/^(H-3|MT-6|MT-7)$/) });
  });
});
