/**
 * Eight-ball discipline (WPA World Standardized Rules, eight-ball section; see docs/games/pool.md
 * for the edition and the points where seed 001 or our reading decides).
 */
import type { PendingDecision } from '../../../shared/game/engine';
import {
  breakCushionQuestion,
  isLegalBreakCount,
  objectOnTable,
  yesNo,
  type Discipline,
  type OptionEffect,
  type ShotContext,
  type Verdict,
} from './discipline';
import type { DisciplineState, TableBalls } from './state';

export const SOLIDS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export const STRIPES = ['9', '10', '11', '12', '13', '14', '15'] as const;
export const EIGHT_BALLS = [...SOLIDS, '8', ...STRIPES] as const;

export type Group = 'solids' | 'stripes';

export function groupOf(ball: string): Group | null {
  if ((SOLIDS as readonly string[]).includes(ball)) return 'solids';
  if ((STRIPES as readonly string[]).includes(ball)) return 'stripes';
  return null;
}

export function groupBalls(g: Group): readonly string[] {
  return g === 'solids' ? SOLIDS : STRIPES;
}

/** The shooter's group is cleared (all its balls off the table): the 8 is the legal ball. */
export function isGroupCleared(t: TableBalls, shooter: string): boolean {
  const g = t.disc.groups[shooter];
  return g !== undefined && objectOnTable(t, groupBalls(g)).length === 0;
}

/** Pocket where a ball dropped in this shot, if known. */
function pocketOf(ctx: ShotContext, ball: string): string | null {
  for (const f of ctx.f.order) if (f.kind === 'pocket' && f.ball === ball) return f.pocket;
  return null;
}

function assign(disc: DisciplineState, shooter: string, opponent: string, g: Group): DisciplineState {
  return { ...disc, groups: { [shooter]: g, [opponent]: g === 'solids' ? 'stripes' : 'solids' } };
}

const base = (ctx: ShotContext): Verdict => ({
  fouls: [],
  continues: false,
  ballInHand: null,
  spotted: [],
  rackWinner: null,
  reason: '',
  disc: ctx.t.disc,
  option: null,
  notes: [],
  result: 'pass',
});

function eightQuestion(ctx: ShotContext): PendingDecision | null {
  const { f, cfg, prep } = ctx;
  if (ctx.isBreak || !cfg.callEight || !f.pocketed.includes('8')) return null;
  if (prep.call && prep.call.ball === '8') return null;
  // Only ask when the call decides the rack: otherwise the rack is lost anyway.
  if (ctx.fouls.length > 0 || f.offTable.includes('8') || !isGroupCleared(ctx.t, ctx.shooter)) return null;
  const pocket = pocketOf(ctx, '8') ?? '?';
  // With a referee (`refereed`), he says, and play waits for him. A self-refereed table (a bar:
  // the default) has nobody else to ask: the players answer on the phone, and a call nobody
  // disputes stands (yes) when the hub applies the default; before, the rack waited for ever.
  return yesNo(
    `shot-${f.key}:eight-call`,
    'eight-ball.eight-call',
    `Was the 8-ball called into pocket ${pocket} (or was the shot obvious)?`,
    cfg.refereed ? null : 'yes',
    cfg.refereed ? 'referee' : 'players',
    [`8-ball captured in pocket ${pocket}`, 'no call was entered before the shot'],
    ctx.raisedAt,
  );
}

function groupQuestion(ctx: ShotContext): PendingDecision | null {
  const { f, t, prep, isBreak } = ctx;
  if (isBreak || Object.keys(t.disc.groups).length > 0 || prep.call || prep.safety || ctx.fouls.length > 0) return null;
  if (f.pocketed.includes('8')) return null;
  const groups = new Set(f.pocketed.map(groupOf).filter((g) => g !== null));
  if (groups.size < 2) return null;
  return {
    id: `shot-${f.key}:group`,
    kind: 'eight-ball.group',
    question: 'Open table: balls of both groups were pocketed. Which group did the shooter call?',
    options: [
      { value: 'solids', label: 'Solids (1-7)' },
      { value: 'stripes', label: 'Stripes (9-15)' },
    ],
    default: null,
    answeredBy: 'players',
    evidence: [`pocketed: ${f.pocketed.join(', ')}`, 'no called ball was entered'],
    raisedAt: ctx.raisedAt,
  };
}

function judgeBreak(ctx: ShotContext): Verdict {
  const v = base(ctx);
  const { f, cfg, shooter, opponent } = ctx;
  const legal = isLegalBreakCount(ctx);
  const foul = ctx.fouls.length > 0;
  const eightGone = f.pocketed.includes('8') || f.offTable.includes('8');
  const cueGone = f.pocketed.includes(cfg.cueBall) || f.offTable.includes(cfg.cueBall);
  if (!legal) v.fouls.push({ rule: 'WPA-8-BREAK', code: 'illegal-break', by: shooter });
  if (eightGone) {
    if (!foul && legal) {
      v.option = { kind: 'break-eight', chooser: shooter };
      v.continues = true;
      v.result = '8-ball pocketed on a legal break: breaker chooses spot or re-rack';
    } else {
      v.option = { kind: 'break-eight-foul', chooser: opponent };
      v.ballInHand = 'kitchen';
      v.result = '8-ball down on a foul break: opponent chooses spot or re-rack';
    }
    return v;
  }
  if (!legal) {
    v.option = { kind: 'break-foul', chooser: opponent };
    v.ballInHand = cueGone ? 'kitchen' : null;
    v.result = 'illegal break: opponent chooses to accept the table or re-rack';
    return v;
  }
  if (foul) {
    v.ballInHand = 'kitchen';
    v.result = 'foul on a legal break: ball in hand behind the head string';
    return v;
  }
  v.continues = f.pocketed.some((b) => b !== cfg.cueBall);
  v.result = v.continues ? 'legal break, ball pocketed: breaker continues at an open table' : 'legal break, nothing pocketed';
  return v;
}

/** The 8 down on the break (WPA): the chooser spots it and shoots, or re-racks and breaks. */
function spotOrRerack(answer: string, chooser: string): OptionEffect {
  return answer === 'rerack' ? { kind: 'rerack', breaker: chooser } : { kind: 'play', turn: chooser, spot: ['8'] };
}

export const eightBall: Discipline = {
  id: 'eight-ball',
  title: 'Eight-ball (WPA world standardized rules on seed 001)',
  objectBalls: EIGHT_BALLS,
  defaults: { threeFoulRule: false, raceTo: 5 },
  sheet: { gameBall: '8', groups: true },
  initialDisc: () => ({ groups: {}, pushOutAvailable: false }),
  legalFirst(t, shooter, isBreak) {
    if (isBreak) return 'any';
    const g = t.disc.groups[shooter];
    if (g === undefined) return objectOnTable(t, EIGHT_BALLS).filter((b) => b !== '8');
    if (isGroupCleared(t, shooter)) return ['8'];
    return objectOnTable(t, groupBalls(g));
  },
  needsRail: (isBreak) => !isBreak,
  questions(ctx) {
    if (ctx.isBreak) {
      const q = breakCushionQuestion(ctx, 'eight-ball');
      return q ? [q] : [];
    }
    return [eightQuestion(ctx), groupQuestion(ctx)].filter((q): q is PendingDecision => q !== null);
  },
  judge(ctx) {
    if (ctx.isBreak) return judgeBreak(ctx);
    const v = base(ctx);
    const { f, t, cfg, shooter, opponent, prep } = ctx;
    const foul = ctx.fouls.length > 0;
    const cleared = isGroupCleared(t, shooter);
    if (f.pocketed.includes('8') || f.offTable.includes('8')) {
      let lose: string | null = null;
      if (f.offTable.includes('8')) lose = '8-ball driven off the table';
      else if (foul) lose = 'foul while pocketing the 8-ball';
      else if (!cleared) lose = '8-ball pocketed before the group was cleared';
      else if (cfg.callEight) {
        const call = prep.call && prep.call.ball === '8' ? prep.call.pocket : null;
        const into = pocketOf(ctx, '8');
        if (call !== null && call !== into) lose = `8-ball pocketed in ${into ?? '?'}, called ${call}`;
        if (call === null && ctx.answer(`shot-${f.key}:eight-call`) !== 'yes') lose = '8-ball pocket not called';
      }
      v.rackWinner = lose ? opponent : shooter;
      v.reason = lose ?? '8-ball legally pocketed';
      v.result = lose ? `rack lost: ${lose}` : 'rack won';
      return v;
    }
    if (foul) {
      v.ballInHand = 'table';
      v.result = 'foul: ball in hand for the opponent';
      return v;
    }
    if (prep.safety) {
      v.result = 'called safety: inning ends';
      return v;
    }
    const pocketed = f.pocketed.filter((b) => b !== cfg.cueBall && b !== '8');
    const g = t.disc.groups[shooter];
    const calledIn = prep.call !== null && pocketed.includes(prep.call.ball) && pocketOf(ctx, prep.call.ball) === prep.call.pocket;
    if (g === undefined) {
      let chosen: Group | null = null;
      if (prep.call) chosen = calledIn ? groupOf(prep.call.ball) : null;
      else {
        const groups = [...new Set(pocketed.map(groupOf).filter((x): x is Group => x !== null))];
        if (groups.length === 1) chosen = groups[0]!;
        else if (groups.length === 2) {
          const a = ctx.answer(`shot-${f.key}:group`);
          chosen = a === 'solids' || a === 'stripes' ? a : null;
        }
      }
      if (chosen) {
        v.disc = assign(t.disc, shooter, opponent, chosen);
        v.continues = true;
        v.result = `groups set: ${shooter} has ${chosen}`;
      } else v.result = prep.call ? 'called ball not pocketed: table stays open' : 'nothing pocketed: table stays open';
      return v;
    }
    const own = pocketed.filter((b) => groupOf(b) === g);
    v.continues = prep.call ? calledIn && groupOf(prep.call.ball) === g : own.length > 0;
    v.result = v.continues ? 'own ball pocketed: shooter continues' : 'no own ball pocketed: inning ends';
    return v;
  },
  options: {
    'break-foul': {
      question: 'Illegal break: accept the table, re-rack and break, or have the offender break again?',
      values: [
        ['accept', 'Accept the table and shoot'],
        ['rerack-self', 'Re-rack and break'],
        ['rerack-opponent', 'Re-rack; the offender breaks again'],
      ],
      def: 'accept',
      apply: (answer, chooser, rival) => {
        if (answer === 'rerack-self') return { kind: 'rerack', breaker: chooser };
        if (answer === 'rerack-opponent') return { kind: 'rerack', breaker: rival };
        return { kind: 'play', turn: chooser, spot: [] };
      },
    },
    'break-eight': {
      question: '8-ball pocketed on the break: spot it and continue, or re-rack and break again?',
      values: [
        ['spot', 'Spot the 8-ball and continue'],
        ['rerack', 'Re-rack and break again'],
      ],
      def: 'spot',
      apply: spotOrRerack,
    },
    'break-eight-foul': {
      question: '8-ball pocketed on a foul break: spot it and take ball in hand behind the head string, or re-rack and break?',
      values: [
        ['spot', 'Spot the 8-ball; ball in hand behind the head string'],
        ['rerack', 'Re-rack and break'],
      ],
      def: 'spot',
      apply: spotOrRerack,
    },
  },
  checkCall(call, t, _shooter, ball) {
    if (call === 'push-out') return 'no push-out in eight-ball';
    if (call === 'call' && (ball === undefined || !EIGHT_BALLS.includes(ball as never))) return 'call needs an object ball';
    if (call === 'call' && t.balls[ball!] !== 'table') return `ball ${ball} is not on the table`;
    return null;
  },
};
