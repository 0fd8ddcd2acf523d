/**
 * The yardstick's figures as the Markdown tables of docs/automation.md, from
 * bench/results/automation.json (`node --import tsx bench/automation.ts --markdown`).
 */

/** The part of one game's entry in automation.json that the tables read. */
interface Entry {
  game: string;
  measured: boolean;
  seed?: number;
  shots?: number;
  unattended?: Figures;
  referee?: Figures;
  sweep?: { factor: string; value: number; shotAccuracy: number; pointsCreditedFraction: number; pointsFalseFraction: number; questionsPer100: number }[];
}

interface Figures {
  decidedAloneFraction: number;
  questionsPer100: number;
  questionsNoDefaultPer100: number;
  shotAccuracy: number;
  judgedAccuracy: number;
  turnDriftFraction: number;
  pointsCreditedFraction: number;
  pointsFalseFraction: number;
  units: number;
  matchAccuracy: number | null;
  byKind?: Record<string, { asked: number; defaultWrong: number }>;
  identity?: { named: number; namedWrong: number; read: number; readWrong: number };
}

const pct = (x: number | null | undefined): string => (x === null || x === undefined ? '–' : `${(x * 100).toFixed(1)} %`);
const row = (cells: (string | number)[]): string => `| ${cells.join(' | ')} |`;

export function markdownTables(results: Record<string, Entry>): string {
  const games = Object.values(results).filter((e) => e.measured && e.unattended && e.referee);
  const out: string[] = [];
  out.push(
    row([
      'game',
      'shots',
      'decided alone',
      'questions /100 (no default)',
      'shot accuracy',
      'judged',
      'turn drift',
      'points credited',
      'credited falsely',
      'units right',
    ]),
    row(Array(10).fill('---')),
  );
  for (const e of games) {
    const u = e.unattended!;
    out.push(
      row([
        e.game,
        e.shots ?? '',
        pct(u.decidedAloneFraction),
        `${u.questionsPer100} (${u.questionsNoDefaultPer100})`,
        pct(u.shotAccuracy),
        pct(u.judgedAccuracy),
        pct(u.turnDriftFraction),
        pct(u.pointsCreditedFraction),
        pct(u.pointsFalseFraction),
        `${pct(u.matchAccuracy)} of ${u.units}`,
      ]),
    );
  }
  out.push('', 'With a referee answering every question from the truth:', '');
  out.push(row(['game', 'questions /100', 'shot accuracy', 'turn drift', 'points credited', 'credited falsely', 'units right']), row(Array(7).fill('---')));
  for (const e of games) {
    const r = e.referee!;
    out.push(
      row([
        e.game,
        r.questionsPer100,
        pct(r.shotAccuracy),
        pct(r.turnDriftFraction),
        pct(r.pointsCreditedFraction),
        pct(r.pointsFalseFraction),
        `${pct(r.matchAccuracy)} of ${r.units}`,
      ]),
    );
  }
  out.push('', 'The questions asked on the unattended table, and how often their default differs from the truth:', '');
  out.push(row(['game', 'question', 'asked', 'default wrong']), row(Array(4).fill('---')));
  for (const e of games)
    for (const [kind, k] of Object.entries(e.unattended!.byKind ?? {}).sort((a, b) => b[1].asked - a[1].asked))
      out.push(row([e.game, `\`${kind}\``, k.asked, k.defaultWrong]));
  const named = games.filter((e) => (e.unattended!.identity?.named ?? 0) + (e.unattended!.identity?.read ?? 0) > 0);
  if (named.length > 0) {
    out.push(
      '',
      "Captures named by the pockets' colour sensors (sure enough to name the ball), and read below the venue's certainty (the question's default):",
      '',
    );
    out.push(row(['game', 'named', 'named wrongly', 'read (asked)', 'read wrongly']), row(Array(5).fill('---')));
    for (const e of named) {
      const id = e.unattended!.identity!;
      out.push(row([e.game, id.named, id.namedWrong, id.read, id.readWrong]));
    }
  }
  out.push('', 'Sensor-quality sweep (unattended, one fault at a time, no other noise): shot accuracy / points credited / credited falsely:', '');
  const points = games[0]?.sweep?.map((s) => `${s.factor} ${s.value}`) ?? [];
  out.push(row(['game', ...points]), row(Array(points.length + 1).fill('---')));
  for (const e of games)
    out.push(row([e.game, ...(e.sweep ?? []).map((s) => `${pct(s.shotAccuracy)} / ${pct(s.pointsCreditedFraction)} / ${pct(s.pointsFalseFraction)}`)]));
  return out.join('\n');
}
