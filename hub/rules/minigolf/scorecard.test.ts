import { describe, expect, it } from 'vitest';
import { csvField, escapeHtml, resultsCsv, scorecardsCsv, scorecardsHtml, teamResultsCsv } from './export';
import { Log, codes, fill, game, run } from './testkit';

const two = () => new Log().start(['ana', 'ben']);
const three = () => new Log().start(['ana', 'ben', 'cem']);

describe('scorecards', () => {
  it('MG-CARD-1 (reading: ink = durable entries): a written lane is never overwritten, only corrected with the old value kept legible and who entered it recorded', () => {
    const l = three()
      .ref('score', { player: 'ana', place: '1', value: 3, by: 'scorer', who: 'cem' })
      .ref('score', { player: 'ana', place: '1', value: 2, by: 'scorer', who: 'cem' });
    let s = run(l.events);
    expect(codes(s)).toEqual(['already_entered']);
    expect(s.game.players.ana!.cards[0]!.lanes[0]).toBe(3);
    expect(s.game.players.ana!.cards[0]!.entries.map((e) => [e.lane, e.value, e.marker, e.who])).toEqual([[1, 3, 'cem', 'cem']]);
    l.ref('correct', { player: 'ana', place: '1', value: 2, who: 'Ref', why: 'miscounted' });
    s = run(l.events);
    const card = s.game.players.ana!.cards[0]!;
    expect(card.lanes[0]).toBe(2);
    expect(card.entries.map((e) => e.value)).toEqual([3]);
    expect(card.corrections.map((c) => [c.from, c.to, c.who])).toEqual([[3, 2, 'Ref']]);
    expect(scorecardsHtml(s)).toContain('<td><s>3</s> 2</td>');
  });
  it('MG-CARD-3: a player enters only the scores of the player he keeps', () => {
    const l = three()
      .ref('score', { player: 'ana', place: '1', value: 3, by: 'player', who: 'ben' })
      .ref('score', { player: 'ana', place: '1', value: 3, by: 'player', who: 'cem' });
    const s = run(l.events);
    expect(codes(s)).toEqual(['not_the_marker']);
    expect(s.game.players.ana!.cards[0]!.entries.map((e) => e.who)).toEqual(['cem']);
  });
  it('MG-CARD-4: each lane score is announced and written by the marker', () => {
    const s = run(two().lane('ana', 1, 3).events);
    expect(s.game.players.ana!.cards[0]!.entries).toEqual([{ lane: 1, value: 3, how: 'holed', marker: 'ben', who: null, seq: 6 }]);
    expect(s.game.announcements).toContain('ana: lane 1 = 3 (holed)');
  });
  it('MG-EX-12 (a) / MG-CARD-6: in a 2-player group a referee corrects before the next entry', () => {
    const l = two().lane('ana', 1, 3).ref('correct', { player: 'ana', place: '1', value: 2, by: 'scorer', who: 'ben' });
    expect(codes(run(l.events))).toEqual(['referee_required']);
    l.ref('correct', { player: 'ana', place: '1', value: 2, who: 'Ref', why: 'miscounted' });
    const c = game(l.events).players.ana!.cards[0]!;
    expect(c.lanes[0]).toBe(2);
    expect(c.corrections).toMatchObject([{ lane: 1, from: 3, to: 2, by: 'referee', who: 'Ref', why: 'miscounted', late: false }]);
  });
  it("MG-CARD-6: in larger groups an agreed correction needs every member's initials", () => {
    const l = three()
      .lane('ana', 1, 3)
      .ref('correct', { player: 'ana', place: '1', value: 2, by: 'scorer', data: { initials: ['ben', 'cem'] } });
    expect(codes(run(l.events))).toEqual(['initials_missing']);
    l.ref('correct', { player: 'ana', place: '1', value: 2, by: 'scorer', data: { initials: ['ana', 'ben', 'cem'] } });
    expect(game(l.events).players.ana!.cards[0]!.lanes[0]).toBe(2);
  });
  it('MG-EX-12 (b) (MG-Q16: a late correction only by a referee, audited)', () => {
    const l = three()
      .lane('ana', 1, 3)
      .lane('ben', 1, 2)
      .lane('cem', 1, 2)
      .lane('ana', 2, 2)
      .ref('correct', { player: 'ana', place: '1', value: 2, by: 'scorer', data: { initials: ['ana', 'ben', 'cem'] } });
    expect(codes(run(l.events))).toEqual(['correction_too_late']);
    l.ref('correct', { player: 'ana', place: '1', value: 2, who: 'Ref' });
    const c = game(l.events).players.ana!.cards[0]!;
    expect(c.lanes[0]).toBe(2);
    expect(c.corrections[0]!.late).toBe(true);
  });
  it('MG-CARD-7: once player and scorer initialled the round total the card is locked', () => {
    const l = new Log()
      .start(['ana', 'ben'])
      .round(['ana', 'ben'], { ana: fill(18, 2), ben: fill(18, 3) })
      .ref('initial', { player: 'ana', value: 1, data: { by: 'player' } });
    expect(game(l.events).players.ana!.cards[0]!.locked).toBe(false);
    l.ref('initial', { player: 'ana', value: 1, data: { by: 'marker' } }).ref('correct', { player: 'ana', place: '18', value: 3, data: { round: 1 } });
    const s = run(l.events);
    expect(s.game.players.ana!.cards[0]!.locked).toBe(true);
    expect(codes(s)).toEqual(['card_locked']);
    expect(s.game.players.ana!.cards[0]!.lanes[17]).toBe(2);
  });
  it('MG-CARD-8: the round total is initialled only after the last lane', () => {
    const s = run(
      two()
        .lane('ana', 1, 3)
        .ref('initial', { player: 'ana', value: 1, data: { by: 'player' } }).events,
    );
    expect(codes(s)).toEqual(['round_incomplete']);
  });
  it('MG-CARD-5: the player himself must initial his card, even if an official scored it', () => {
    const l = new Log()
      .start(['ana'], { markers: { ana: 'official' } })
      .round(['ana'], { ana: fill(18, 2) })
      .ref('initial', { player: 'ana', value: 1, data: { by: 'marker' } })
      .ref('initial', { player: 'ana', value: 1, by: 'player', who: 'official', data: { by: 'player' } });
    const s = run(l.events);
    const c = s.game.players.ana!.cards[0]!;
    expect(c.entries[0]!.marker).toBe('official');
    expect(c.locked).toBe(false);
    expect(codes(s)).toEqual(['not_the_player']);
  });
  it('MG-CARD-9: cards are handed over as a group set, not one by one', () => {
    const s = run(two().ref('submit', { player: 'ana', place: 'g1', value: 1 }).events);
    expect(codes(s)).toEqual(['submit_as_group']);
  });
  it('MG-CARD-10 / MG-CARD-11: on submission an empty lane is filled with 7', () => {
    const l = two().lane('ana', 1, 3).lane('ben', 1, 2).ref('submit', { place: 'g1', value: 1 });
    const c = game(l.events).players.ana!.cards[0]!;
    expect(c.submitted).toBe(true);
    expect(c.lanes.slice(0, 3)).toEqual([3, 7, 7]);
    expect(c.how[1]).toBe('missing');
  });
  it('MG-CARD-11 (seed 003 §10.11: "bunlar skor kartında boş kalan alana yazılmalıdır"): a card handed in with lane 6 empty: the scorer enters the later lanes, lane 6 alone gets 7', () => {
    const l = new Log().start(['ana', 'ben'], { lanes: 18 });
    for (let lane = 1; lane <= 5; lane++) l.lane('ana', lane, 2).lane('ben', lane, 3);
    // A marker at the table cannot write ahead of the lane in play.
    l.ref('score', { player: 'ana', place: '9', value: 2, by: 'player', who: 'ben' });
    expect(codes(run(l.events))).toEqual(['wrong_lane']);
    l.ref('score', { player: 'ben', place: '6', value: 3, by: 'scorer', who: 'desk' });
    for (let lane = 7; lane <= 18; lane++) {
      l.ref('score', { player: 'ana', place: String(lane), value: 2, by: 'scorer', who: 'desk' });
      l.ref('score', { player: 'ben', place: String(lane), value: 3, by: 'scorer', who: 'desk' });
    }
    expect(codes(run(l.events))).toEqual(['wrong_lane']);
    l.ref('submit', { place: 'g1', value: 1 });
    const g = game(l.events);
    const ana = g.players.ana!.cards[0]!;
    expect(ana.lanes).toEqual([2, 2, 2, 2, 2, 7, ...Array(12).fill(2)]);
    expect(ana.how[5]).toBe('missing');
    expect(g.players.ben!.cards[0]!.lanes.every((v) => v === 3)).toBe(true);
    expect(g.status).toBe('finished');
  });
  it('MG-EX-12 (c): a card submitted with lane 17 empty gets 7 for lane 17', () => {
    const l = new Log().start(['ana'], { lanes: 18 });
    for (let lane = 1; lane <= 16; lane++) l.lane('ana', lane, 2);
    l.ref('submit', { place: 'g1', value: 1 });
    const c = game(l.events).players.ana!.cards[0]!;
    expect(c.lanes[16]).toBe(7);
    expect(c.lanes[15]).toBe(2);
  });
  it('MG-PEN-7 (c) / MG-EX-12 (b): an error found after score processing began: A+1 for player and scorer', () => {
    const l = two()
      .lane('ana', 1, 3)
      .ref('submit', { place: 'g1', value: 1 })
      .ref('correct', { player: 'ana', place: '1', value: 2 })
      .ref('scoring_error_found', { player: 'ana' });
    const s = run(l.events);
    expect(codes(s)).toEqual(['card_submitted']);
    expect(s.game.players.ana!.penalties.map((p) => [p.level, p.clause])).toEqual([['A+1', '18.5c']]);
    expect(s.game.players.ben!.penalties.map((p) => p.level)).toEqual(['A+1']);
    expect(s.game.players.ana!.cards[0]!.lanes[0]).toBe(3);
  });
});

describe('exports', () => {
  const finished = () =>
    new Log()
      .start(
        [
          { id: 'ana', name: 'Ana <A&B>', side: 'T' },
          { id: 'ben', name: 'Ben, Jr', side: 'T' },
        ],
        { tournament: { name: 'Open', date: '2026-11-29', place: 'Izmir' }, info: { ana: { club: 'MGC', licence: 'L1' } } },
      )
      .round(['ana', 'ben'], { ana: fill(18, 2), ben: fill(18, 3) })
      .ref('penalty', { player: 'ana', value: 'A+1', why: 'aiming aid' });
  it('MG-CARD-2: the scorecard CSV has the player, club, category, licence, lanes, totals, penalties and initials', () => {
    const csv = scorecardsCsv(run(finished().events));
    const [head, anaRow, benRow] = csv.trim().split('\n');
    expect(head).toBe(
      'round,course,player,name,club,category,licence,' +
        Array.from({ length: 18 }, (_, i) => `L${i + 1}`).join(',') +
        ',lanes_total,penalty_points,round_total,penalties,corrections,initialled_player,initialled_marker,locked',
    );
    expect(anaRow).toBe('1,A,ana,Ana <A&B>,MGC,,L1,' + fill(18, 2).join(',') + ',36,1,37,A+1: aiming aid,,false,false,false');
    expect(benRow).toContain('"Ben, Jr"');
  });
  it('results CSV lists places and totals per category', () => {
    const csv = resultsCsv(run(finished().events));
    expect(csv.trim().split('\n')).toEqual([
      'category,place,shared,player,name,total,R1,penalty_points,decided_by',
      'open,1,false,ana,Ana <A&B>,37,37,1,total',
      'open,2,false,ben,"Ben, Jr",54,54,0,total',
    ]);
  });
  it('MG-CAT team results CSV lists each team with its place, total, penalty points and line-up', () => {
    const csv = teamResultsCsv(run(finished().events));
    expect(csv.trim().split('\n')).toEqual([
      'team,place,total,penalty_points,substitution_penalty_points,members,substitutes,complete,invalid',
      'T,1,91,1,0,ana ben,,true,',
    ]);
  });

  it('CSV fields are quoted and formula-like text is neutralised', () => {
    expect(csvField('a"b')).toBe('"a""b"');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });
  it('MG-PEN-3: the printable page shows the penalty mark and reason, escaped, without external assets', () => {
    const html = scorecardsHtml(run(finished().events));
    expect(html).toContain('<b>A+1</b> (warning) aiming aid');
    expect(html).toContain('Ana &lt;A&amp;B&gt;');
    expect(html).not.toContain('<A&B>');
    expect(html).not.toMatch(/<(link|script|img)\b/);
    expect(html).toContain('Open · 2026-11-29 · Izmir');
    expect(escapeHtml(`"'`)).toBe('&quot;&#39;');
  });
  it('MG-CARD-6: the printable card shows a correction as struck through', () => {
    const l = new Log().start(['ana', 'ben']).lane('ana', 1, 3).ref('correct', { player: 'ana', place: '1', value: 2 });
    expect(scorecardsHtml(run(l.events))).toContain('<td><s>3</s> 2</td>');
  });
});
