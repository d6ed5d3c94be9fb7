// The table part of a session's snapshot, built from its segments: pure functions of the ledgers.
import { awaitsChoice, choiceLabel, deckStage, dues, mayMove, nextHopSeat } from '$lib/protocol';
import type { TableAudit, TableState } from '$lib/protocol';
import type { Segment } from './segment';
import type { DealingProgress, LocalSeatView, TableView } from '../snapshot';

/**
 * What the table shows of the current segment: each local seat's view and legal
 * moves, the deal's progress, and the audits of every segment so far (`closing`
 * holds those of rounds audited without missing secrets, by game).
 */
export function tableView(
  seg: Segment,
  past: readonly Segment[],
  closing: ReadonlyMap<string, TableAudit>,
  betweenRounds: TableView['betweenRounds'],
): TableView {
  const table = seg.ledger.any;
  const local: LocalSeatView[] = [...seg.seats.values()].map((rt) => {
    const t = seg.ledger.table(rt.seat) ?? table;
    const label = choiceLabel(t);
    const choosing = label !== null && awaitsChoice(t.variant, t.view, rt.seat);
    const chosen = label === null ? null : (rt.choices.get(label) ?? null);
    // E-2: once this seat has chosen, its choice is the session's to send: nothing left to press.
    const canAct = choosing ? chosen === null : mayMove(t);
    const legal = canAct ? t.variant.legalMoves(t.view).filter((m) => m.seat === rt.seat) : [];
    return {
      seat: rt.seat,
      bot: rt.bot,
      autoplay: rt.autoplay,
      view: t.view,
      legal,
      chosen,
      lastRound: lastRoundView(t),
    };
  });
  const acting = local.find((l) => l.bot === null && l.legal.length > 0)?.seat ?? null;
  return {
    game: seg.game,
    variant: seg.setup.variant,
    seq: seg.ledger.seq,
    hash: seg.ledger.hash,
    round: table.view.round,
    view: table.view,
    local,
    acting,
    dealing: dealingProgress(table),
    audits: [...past, seg].flatMap((s) => {
      const audit = closing.get(s.game);
      return [...s.ledger.any.audits, ...(audit ? [audit] : [])];
    }),
    betweenRounds,
    gameOver: table.view.phase === 'gameOver' && dues(table).length === 0,
    entries: seg.ledger.seq,
    moves: table.record.steps.flatMap(({ step, seq }) =>
      'type' in step ? [{ seq, move: step }] : [],
    ),
    steps: table.record.steps.map(({ step, seq, events }) => ({
      seq,
      move: 'type' in step ? step : null,
      events,
    })),
  };
}

function lastRoundView(table: TableState): TableState['view'] | null {
  const { view } = table;
  if (view.phase === 'roundOver' || view.phase === 'gameOver') return view;
  return null;
}

function dealingProgress(table: TableState): DealingProgress | null {
  const { deal, view } = table;
  const deck = table.preparing === null ? undefined : deal.decks[table.preparing];
  const players = view.players;
  const seat = deck ? nextHopSeat(deal.ctx, deck) : null;
  if (deck && seat !== null) {
    const stage = deckStage(deal.ctx, deck) === 'shuffling' ? 'shuffling' : 'locking';
    return { stage, seat, done: deck.shuffles.length + deck.locks.length, total: 2 * players };
  }
  const owing = dues(table).filter((d) => d.kind === 'key-share');
  if (owing.length > 0 && (view.phase === 'setup' || view.phase === 'playing')) {
    return { stage: 'keys', seat: null, done: players - owing.length, total: players };
  }
  return null;
}
