/**
 * Nine-ball discipline (WPA World Standardized Rules, nine-ball section; see docs/games/pool.md).
 */
import { breakCushionQuestion, isLegalBreakCount, objectOnTable, type Discipline, type ShotContext, type Verdict } from './discipline';
import type { TableBalls } from './state';

export const NINE_BALLS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** The lowest-numbered object ball on the table: the only legal first contact. */
export function lowestBall(t: TableBalls): string | null {
  return objectOnTable(t, NINE_BALLS)[0] ?? null;
}

const base = (ctx: ShotContext): Verdict => ({
  fouls: [],
  continues: false,
  ballInHand: null,
  spotted: [],
  rackWinner: null,
  reason: '',
  disc: { ...ctx.t.disc, pushOutAvailable: false },
  option: null,
  notes: [],
  result: 'pass',
});

export const nineBall: Discipline = {
  id: 'nine-ball',
  title: 'Nine-ball (WPA world standardized rules on seed 001)',
  objectBalls: NINE_BALLS,
  defaults: { threeFoulRule: true, raceTo: 7 },
  sheet: { gameBall: '9', groups: false },
  initialDisc: () => ({ groups: {}, pushOutAvailable: false }),
  legalFirst(t, _shooter, _isBreak, prep) {
    if (prep.pushOut) return 'any';
    const low = lowestBall(t);
    return low === null ? 'any' : [low];
  },
  needsRail: (isBreak, prep) => !isBreak && !prep.pushOut,
  questions(ctx) {
    if (!ctx.isBreak) return [];
    const q = breakCushionQuestion(ctx, 'nine-ball');
    return q ? [q] : [];
  },
  judge(ctx) {
    const v = base(ctx);
    const { f, cfg, shooter, opponent, prep, isBreak } = ctx;
    const pocketedObj = f.pocketed.filter((b) => b !== cfg.cueBall);
    const nineGone = f.pocketed.includes('9') || f.offTable.includes('9');
    let foul = ctx.fouls.length > 0;
    if (isBreak) {
      // A wrong first ball is already a general foul (PB-FOUL-1); here: no contact, or neither a ball down nor four to a cushion.
      const wrongFirst = f.firstContact !== null && f.firstContact !== lowestBall(ctx.t);
      if (!wrongFirst && (f.firstContact === null || !isLegalBreakCount(ctx))) {
        v.fouls.push({ rule: 'WPA-9-BREAK', code: 'illegal-break', by: shooter });
        foul = true;
      }
    }
    if (foul) {
      if (nineGone) v.spotted.push('9');
      v.ballInHand = 'table';
      v.result = nineGone ? 'foul: 9-ball spotted, ball in hand for the opponent' : 'foul: ball in hand for the opponent';
      return v;
    }
    if (prep.pushOut) {
      if (nineGone) v.spotted.push('9');
      v.option = { kind: 'push-out-reply', chooser: opponent };
      v.result = 'push-out: opponent chooses to play or pass it back';
      return v;
    }
    if (f.pocketed.includes('9')) {
      v.rackWinner = shooter;
      v.reason = isBreak ? '9-ball pocketed on a legal break' : '9-ball legally pocketed';
      v.result = 'rack won';
      return v;
    }
    v.continues = pocketedObj.length > 0;
    if (isBreak) v.disc = { ...v.disc, pushOutAvailable: cfg.pushOut };
    v.result = v.continues ? 'ball pocketed: shooter continues' : isBreak ? 'legal break, nothing pocketed' : 'nothing pocketed: inning ends';
    return v;
  },
  options: {
    'push-out-reply': {
      question: 'After the push-out: play from here, or pass the shot back?',
      values: [
        ['play', 'Play from here'],
        ['pass', 'Pass the shot back'],
      ],
      def: 'play',
      apply: (answer, chooser, rival) => ({ kind: 'play', turn: answer === 'pass' ? rival : chooser, spot: [] }),
    },
  },
  checkCall(call, t) {
    if (call === 'call' || call === 'safety') return 'nine-ball does not use called shots or called safeties';
    if (call === 'push-out' && !t.disc.pushOutAvailable) return 'push-out only on the shot right after a legal break';
    return null;
  },
};
