/**
 * Rule IDs of the golf billiards digest (GB-*), worked examples and open questions, copied from the digest
 * so the coverage test can check that every one is named by a test title.
 */
export const RULE_IDS: readonly string[] = [
  'GB-EQUIP-1', // Table
  'GB-EQUIP-2', // Balls
  'GB-GEN-1', // Format
  'GB-GEN-2', // Scoring keeps you at the table
  'GB-END-1', // Winning a set
  'GB-END-2', // Match length
  'GB-END-3', // When a set ends
  'GB-END-4', // Both sides' last balls in the same stroke
  'GB-SCORE-1', // Own ball into the opponent's goal
  'GB-SCORE-2', // Opponent's ball into either goal
  'GB-SCORE-3', // Own ball into own goal
  'GB-SCORE-4', // Ball on the edge of the goal
  'GB-SCORE-5', // Ball jammed in the opponent's goal mouth
  'GB-TURN-1', // Keeping the turn
  'GB-TURN-2', // No valid goal: the turn passes
  'GB-SPOT-1', // "Penalty spot" is a place, and the opponent chooses
  'GB-SPOT-2', // Points 1, 2, 3 (opponent's choice)
  'GB-SPOT-3', // Fallback points 4 and 5
  'GB-SPOT-4', // Repeated foul with a ball on a re-spot point (zone play)
  'GB-SPOT-5', // Ball jammed between a bumper and the short cushion
  'GB-SPOT-6', // Ball jammed between the two bumpers of the own goal
  'GB-FOUL-1', // At least one foot on the floor
  'GB-FOUL-2', // Playing directly over bumpers or balls
  'GB-FOUL-3', // Own ball(s) off the table
  'GB-FOUL-4', // Opponent's ball(s) off the table
  'GB-FOUL-5', // The "1-1" exception: loss of the set
  'GB-FOUL-6', // Ball that comes back via the wooden rail
  'GB-FOUL-7', // Ball left lying on a cushion, goal bumper or goal cover
  'GB-FOUL-8', // Zone along the long cushion: no lofting over the nearest cushion
  'GB-FOUL-9', // Attack triangle while a defender's ball is in the defence triangle
  'GB-SHOT-1', // When a hard, fast scoring stroke is allowed
  'GB-SHOT-2', // Below the stroke line
  'GB-AIM-1', // Setting up behind the opponent's ball
  'GB-AIM-2', // Playing with the opponent's ball
  'GB-AIM-3', // Aiming or playing before the balls have stopped
  'GB-TOUCH-1', // Touch foul
  'GB-TOUCH-2', // Zone play: touching an own ball
  'GB-TOUCH-3', // Zone play: touching an opponent's ball
  'GB-TOUCH-4', // Stopping, double-hitting or deflecting an own ball
  'GB-TOUCH-5', // Stopping, double-hitting or deflecting an opponent's ball
  'GB-PUSH-1', // Cue tip left on the ball (push)
  'GB-PUSH-2', // Touching balls
  'GB-PUSH-3', // Scoring from the front or outer bumper of the central cross
  'GB-OWN-1', // Own ball played directly onto another own ball
  'GB-TRI-1', // An own ball in the defence triangle must leave
  'GB-TRI-2', // Several own balls in the big defence triangle
  'GB-ZONE-1', // Fifteen zones
  'GB-ZONE-2', // Start of zone play
  'GB-ZONE-3', // At least one ball must leave its zone
  'GB-ZONE-4', // Exception: ball in the big attack triangle
  'GB-ZONE-5', // A ball that enters a goal has changed zone
  'GB-ZONE-6', // The big defence triangle is not a zone for the defender
  'GB-ZONE-7', // Ball on a zone line
  'GB-DBL-1', // Opening stroke, first set
  'GB-DBL-2', // Second set: the other player opens
  'GB-DBL-3', // Deciding set
  'GB-DBL-4', // Who continues after the opening strokes
  'GB-DBL-5', // Order of play
  'GB-DBL-6', // Consulting
  'GB-TIME-1', // 50-second turn clock, "TIME" call, 10 seconds
];

/** Rule IDs deliberately not tested, with the reason (none: equipment is tested as configuration). */
export const EXCLUDED: Readonly<Record<string, string>> = {};

export const EXAMPLE_IDS: readonly string[] = Array.from({ length: 12 }, (_, i) => `GB-EX-${i + 1}`);

/** Open questions decided by this engine; each test title names the reading taken. */
export const QUESTION_IDS: readonly string[] = Array.from({ length: 16 }, (_, i) => `GB-Q${i + 1}`);
