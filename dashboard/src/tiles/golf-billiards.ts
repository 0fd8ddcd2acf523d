/**
 * The bumper pool tile (golf billiards): per side the sets won as the main score, its players with
 * the balls holed in this set (the summary's score), and the set's balls still to hole drawn in
 * the side's colour; the set and the race in sets; whose turn; the turn clock, and once the hub
 * called "TIME" (50 s after the balls came to rest) the call in large letters with the seconds left.
 */
import { h } from '../dom';
import { t } from '../i18n';
import { countdown, playerName, secondsText } from '../games/common';
import { golfClock, type GolfClock } from '../games/golf-billiards';
import type { GolfBilliardsReport } from '../../../shared/reports/golf-billiards';
import { sideColour } from './figures';
import { fig, isTurn, isWinner, n, playerLine, summaryTile } from './common';
import type { TileBody } from './types';

function ballsLeft(colour: string, side: string, left: number): HTMLElement {
  const balls = h('span', { class: 'balls' }, ...Array.from({ length: left }, () => h('span', { class: 'gball' })));
  const row = h(
    'div',
    { class: 'ball-row', 'data-fig': 'left', 'data-side': side },
    h('span', { class: 'lab' }, t('golf.left')),
    h('span', { class: 'val', 'data-left': side }, n(left)),
    balls,
  );
  row.style.setProperty('--ball', colour);
  return row;
}

/** The turn clock: seconds to TIME, then TIME itself in large letters with the seconds left to strike. */
function turnClock(r: GolfBilliardsReport, live: boolean): HTMLElement {
  return countdown(h('div', { class: 'golf-clock', 'data-fact': 'clock', role: 'timer' }), (el) => {
    const c: GolfClock = live ? golfClock(r) : { phase: 'idle' };
    el.dataset['phase'] = c.phase;
    el.classList.toggle('time-called', c.phase === 'time');
    el.textContent =
      c.phase === 'idle' ? '' : c.phase === 'time' ? `${t('golf.time')} · ${secondsText(c.seconds)}` : `${t('golf.clock')} ${secondsText(c.seconds)}`;
  });
}

export const golfTile: TileBody = (d) => {
  const r = d.report as GolfBilliardsReport;
  const s = d.summary;
  const playing = d.state === 'playing';
  // Before the opening the report has no sides yet: the players as the summary gives them.
  if (!r.started || !r.sides || !r.set) return { facts: [], body: summaryTile(s) };
  const sides = r.sides.map((side) => {
    const players = s.players.filter((p) => (p.side ?? p.id) === side.side || side.players.includes(p.id));
    const first = players[0];
    const turn = first !== undefined && players.some((p) => isTurn(s, p));
    const won = first !== undefined && players.some((p) => isWinner(s, p));
    const box = h(
      'section',
      { class: 'side', 'data-side': side.side, 'data-turn': String(turn), 'data-winner': String(won) },
      h('span', { class: 'sets', 'data-sets': side.side, 'data-main-score': '' }, n(side.setsWon)),
      h(
        'ol',
        { class: 'score tile-players', 'data-provisional': String(s.provisional) },
        ...players.map((p) => playerLine(s, p, { before: h('span', { class: 'gball' }), pointsLabel: playing ? t('golf.holed') : t('golf.sets') })),
      ),
      playing ? ballsLeft(sideColour(r, side.side), side.side, side.left) : null,
    );
    box.style.setProperty('--ball', sideColour(r, side.side));
    return box;
  });
  const body = h('div', { class: 'tile-body golf-tile' }, h('div', { class: 'sides' }, ...sides), playing ? turnClock(r, true) : null);
  const facts = [
    r.set ? fig('set', t('golf.set'), h('span', { 'data-fact': 'set' }, n(r.set.number))) : null,
    r.config ? h('span', { 'data-fact': 'race' }, t('tv.setsRace', { n: r.config.setsToWin })) : null,
    playing && r.set?.player ? fig('turn', t('golf.turn'), h('span', { 'data-fact': 'turn' }, playerName(s, r.set.player))) : null,
    playing && r.set?.zonePlay ? h('span', { class: 'badge warn' }, t('golf.zone')) : null,
  ];
  return { facts, body };
};
