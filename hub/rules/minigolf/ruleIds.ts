/**
 * Rule IDs of the minigolf digest (MG-*), copied by hand, and the ones deliberately not tested
 * with the reason. coverage.test.ts checks that every other ID is named by a test title.
 */
export const RULE_IDS = [
  'MG-GEN-1', 'MG-GEN-2', 'MG-GEN-3',
  'MG-COURSE-1', 'MG-COURSE-2', 'MG-COURSE-3', 'MG-COURSE-4', 'MG-COURSE-5', 'MG-COURSE-6', 'MG-COURSE-7',
  'MG-COURSE-8', 'MG-COURSE-9', 'MG-COURSE-10', 'MG-COURSE-11', 'MG-COURSE-12', 'MG-COURSE-13', 'MG-COURSE-14',
  'MG-EQUIP-1', 'MG-EQUIP-2', 'MG-EQUIP-3', 'MG-EQUIP-4', 'MG-DRESS-1', 'MG-ADV-1', 'MG-BALL-1', 'MG-BALL-2',
  'MG-STROKE-1', 'MG-STROKE-2', 'MG-STROKE-3', 'MG-STROKE-4', 'MG-STROKE-5', 'MG-STROKE-6', 'MG-STROKE-7',
  'MG-STROKE-8', 'MG-STROKE-9', 'MG-STROKE-10', 'MG-STROKE-11', 'MG-STROKE-12', 'MG-STROKE-13', 'MG-STROKE-14',
  'MG-STROKE-15', 'MG-HOLE-1',
  'MG-PLACE-1', 'MG-PLACE-2', 'MG-PLACE-3', 'MG-PLACE-4', 'MG-PLACE-5', 'MG-PLACE-6', 'MG-PLACE-7', 'MG-PLACE-8',
  'MG-PLACE-9', 'MG-PLACE-10', 'MG-PLACE-11',
  'MG-SCORE-1', 'MG-SCORE-2', 'MG-SCORE-3', 'MG-SCORE-4', 'MG-SCORE-5', 'MG-SCORE-6', 'MG-SCORE-7', 'MG-SCORE-8',
  'MG-TIE-1', 'MG-TIE-2', 'MG-TIE-3', 'MG-TIE-4', 'MG-TIE-5', 'MG-TIE-6', 'MG-TIE-7', 'MG-TIE-8',
  'MG-CARD-1', 'MG-CARD-2', 'MG-CARD-3', 'MG-CARD-4', 'MG-CARD-5', 'MG-CARD-6', 'MG-CARD-7', 'MG-CARD-8',
  'MG-CARD-9', 'MG-CARD-10', 'MG-CARD-11',
  'MG-ORDER-1', 'MG-ORDER-2', 'MG-TIME-1', 'MG-TIME-2', 'MG-TIME-3', 'MG-ORDER-3', 'MG-ORDER-4', 'MG-ORDER-5',
  'MG-ORDER-6', 'MG-ORDER-7', 'MG-ORDER-8', 'MG-ORDER-9', 'MG-ORDER-10',
  'MG-INT-1', 'MG-INT-2', 'MG-INT-3', 'MG-INT-4', 'MG-INT-5', 'MG-INT-6', 'MG-INT-7', 'MG-INT-8', 'MG-INT-9',
  'MG-INT-10', 'MG-INT-11', 'MG-INT-12',
  'MG-CAT-1', 'MG-CAT-2', 'MG-CAT-3', 'MG-CAT-4', 'MG-CAT-5', 'MG-CAT-6', 'MG-CAT-7', 'MG-CAT-8', 'MG-CAT-9',
  'MG-SUB-1', 'MG-SUB-2', 'MG-SUB-3', 'MG-SUB-4', 'MG-SUB-5', 'MG-SUB-6', 'MG-SUB-7', 'MG-SUB-8', 'MG-SUB-9',
  'MG-SUB-10', 'MG-SUB-11', 'MG-SUB-12', 'MG-SUB-13',
  'MG-REF-1', 'MG-REF-2', 'MG-REF-3', 'MG-REF-4', 'MG-REF-5', 'MG-REF-6', 'MG-REF-7', 'MG-REF-8', 'MG-REF-9',
  'MG-REF-10', 'MG-REF-11', 'MG-REF-12',
  'MG-DOPE-1', 'MG-DOPE-2',
  'MG-PEN-1', 'MG-PEN-2', 'MG-PEN-3', 'MG-PEN-4', 'MG-PEN-5', 'MG-PEN-6', 'MG-PEN-7', 'MG-PEN-8', 'MG-PEN-9',
  'MG-PEN-10', 'MG-PEN-11', 'MG-PEN-12',
] as const;

export const EXAMPLE_IDS = Array.from({ length: 12 }, (_, i) => `MG-EX-${i + 1}`);

const ISSUE = 'excluded by the issue (equipment, dress, advertising, doping, officials)';
const EQUIPMENT = 'excluded by the issue as equipment: course geometry and approval are fixed before play';
const NOTHING = 'nothing the engine can check';

export const EXCLUDED: Record<string, string> = {
  'MG-EQUIP-1': ISSUE, 'MG-EQUIP-2': ISSUE, 'MG-EQUIP-3': ISSUE, 'MG-EQUIP-4': ISSUE,
  'MG-DRESS-1': ISSUE, 'MG-ADV-1': ISSUE, 'MG-DOPE-1': ISSUE, 'MG-DOPE-2': ISSUE,
  'MG-REF-1': ISSUE, 'MG-REF-2': ISSUE, 'MG-REF-3': ISSUE, 'MG-REF-4': ISSUE, 'MG-REF-5': ISSUE, 'MG-REF-6': ISSUE,
  'MG-REF-7': ISSUE, 'MG-REF-8': ISSUE, 'MG-REF-9': ISSUE, 'MG-REF-10': ISSUE, 'MG-REF-11': ISSUE, 'MG-REF-12': ISSUE,
  'MG-COURSE-3': `${EQUIPMENT} (dimensions are in the system rules, not in the seed)`,
  'MG-COURSE-4': `${EQUIPMENT} (how a border is marked)`,
  'MG-COURSE-8': `${EQUIPMENT} (help lines on the lane guide the referee's placement by eye)`,
  'MG-COURSE-12': `${EQUIPMENT} (lane drawings and standard markings, annexes not in the seed)`,
  'MG-COURSE-13': `${EQUIPMENT} (WMF course approval)`,
  'MG-INT-12': `${NOTHING}: §12.12 only denies a legal claim to an entry-fee refund; fees and payments are in no event of the log and in no state the engine keeps, and a cancellation gives no refund output to check`,
};
