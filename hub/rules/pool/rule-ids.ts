/**
 * Rule IDs of the pool (pocket billiards) digest (copied by hand from the rules digest, PB-*), its worked
 * examples and the open questions this engine decides. The coverage test checks that every one of
 * them is named by a test title in this folder.
 */
export const RULE_IDS = [
  'PB-LAG-1',
  'PB-LAG-2',
  'PB-LAG-3',
  'PB-BREAK-1',
  'PB-BREAK-2',
  'PB-SHOT-1',
  'PB-TURN-1',
  'PB-SHOT-2',
  'PB-FOUL-1',
  'PB-FOUL-2',
  'PB-FOUL-3',
  'PB-FOUL-4',
  'PB-FOUL-5',
  'PB-FOUL-6',
  'PB-FOUL-7',
  'PB-FOUL-8',
  'PB-FOUL-9',
  'PB-FOUL-10',
  'PB-FOUL-11',
  'PB-FROZEN-1',
  'PB-FOUL-12',
  'PB-FOUL-13',
  'PB-FOUL-14',
  'PB-FOUL-15',
  'PB-POCKET-1',
  'PB-POCKET-2',
  'PB-EXT-1',
  'PB-PEN-1',
  'PB-PEN-2',
] as const;

/** IDs deliberately not tested, with the reason. None: the digest has no equipment rules for pocket billiards. */
export const EXCLUDED: Record<string, string> = {};

export const EXAMPLE_IDS = ['PB-EX-1', 'PB-EX-2', 'PB-EX-3', 'PB-EX-4', 'PB-EX-5', 'PB-EX-6', 'PB-EX-7', 'PB-EX-8', 'PB-EX-9', 'PB-EX-10'] as const;

/** Open questions decided by this engine: each test title names the reading. */
export const QUESTION_IDS = ['PB-Q1', 'PB-Q2', 'PB-Q3', 'PB-Q4', 'PB-Q5', 'PB-Q6', 'PB-Q7', 'PB-Q8', 'PB-Q9', 'PB-Q10'] as const;
