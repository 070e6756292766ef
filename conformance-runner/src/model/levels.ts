/** Rule levels (docs/architecture.md): what the spec says, what follows from it, what the reference chose. */
export const LEVELS = ['must', 'implied', 'reference'] as const;
export type Level = (typeof LEVELS)[number];

export function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

/** Levels that decide the verdict; `reference` results are reported only. */
export function counts(level: Level): boolean {
  return level !== 'reference';
}

/**
 * A scenario's level is the strictest of its rules' levels (the rules it asserts and the ones its
 * @needs tags say it stands on) in the order must < implied < reference: touching one `reference`
 * rule makes the whole scenario informative, so a choice the spec leaves open never counts against
 * an implementation. With no known rule it counts as `must`.
 */
export function scenarioLevel(ruleLevels: Iterable<Level>): Level {
  let rank = 0;
  for (const level of ruleLevels) rank = Math.max(rank, LEVELS.indexOf(level));
  return LEVELS[rank]!;
}
