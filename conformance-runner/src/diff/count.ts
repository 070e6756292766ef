/**
 * "2 rules (5 scenarios)"; "1 scenario" when no rule is involved. A rule is what a reader fixes,
 * so it comes first. `qualifier` goes before the nouns ("must/implied ").
 */
export function countOf(rules: number, scenarios: number, qualifier = ''): string {
  const s = `${scenarios} ${qualifier}scenario${scenarios === 1 ? '' : 's'}`;
  if (rules === 0) return s;
  return `${rules} ${qualifier}rule${rules === 1 ? '' : 's'}${scenarios > 0 ? ` (${scenarios} scenario${scenarios === 1 ? '' : 's'})` : ''}`;
}
