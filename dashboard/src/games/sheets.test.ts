/** The minigolf card and penalties as the referee types them into the score-sheet form (docs/score-sheet.md). */
import { describe, expect, it } from 'vitest';
import { parseCard, parsePenalties } from './sheets';

describe('score sheet: a minigolf card as written (MG-SCORE-1)', () => {
  it('lanes by spaces or commas, "-" for a lane not played, rounds by "/"', () => {
    expect(parseCard('2 3 1 - / 2,2')).toEqual([
      [2, 3, 1, null],
      [2, 2],
    ]);
    expect(parseCard('  ')).toEqual([]);
    expect(parseCard('7')).toEqual([[7]]);
  });

  it('MG-SCORE-3: a score outside 1–7 or anything else is not read (null), never guessed', () => {
    expect(parseCard('2 8')).toBeNull();
    expect(parseCard('0')).toBeNull();
    expect(parseCard('2 x 3')).toBeNull();
    expect(parseCard('2.5')).toBeNull();
  });

  it('penalty points as round:points pairs', () => {
    expect(parsePenalties('1:2, 3:5')).toEqual([
      { round: 1, points: 2 },
      { round: 3, points: 5 },
    ]);
    expect(parsePenalties('')).toEqual([]);
    expect(parsePenalties('2')).toBeNull();
    expect(parsePenalties('a:1')).toBeNull();
  });
});
