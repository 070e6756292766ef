import type { Comparison } from '../../expectations/compare';
import { CLIP, clipText } from '../../protocol/clip';

/**
 * The comparison with an expectations file as reports keep it: the file's text (reasons, issues,
 * ids it names, what its entries said) clipped like every other text with the clip stated. The
 * file is the user's, but a report copies a reason into every format, several times each (issue
 * 38: a 5 MiB reason made a 42 MB conformance.html, the runner at 958 MB). The file itself is
 * never changed: --update-expectations keeps its reasons whole.
 */
export function clipComparison(comparison: Comparison): Comparison {
  const id = (text: string) => clipText(text, CLIP.nameChars);
  return {
    ...comparison,
    mismatches: comparison.mismatches.map((m) => ({
      ...m, id: id(m.id), rule: id(m.rule), scenario: id(m.scenario), detail: clipText(m.detail, CLIP.messageChars),
      ...(m.reason !== undefined ? { reason: clipText(m.reason, CLIP.messageChars) } : {}),
    })),
    notRun: comparison.notRun.map(id),
    unknown: comparison.unknown.map(id),
    informative: comparison.informative.map(id),
    ...(comparison.reasons !== undefined ? {
      reasons: comparison.reasons.map((r) => ({
        ...r, rule: id(r.rule),
        ...(r.reason !== undefined ? { reason: clipText(r.reason, CLIP.messageChars) } : {}),
        ...(r.issue !== undefined ? { issue: clipText(r.issue, CLIP.valueChars) } : {}),
      })),
    } : {}),
  };
}
