import { escapeRegex } from '../paths';
import type { RouteRegExp } from '../regex/RouteRegExp';
import { routeRegExp, type ParamToken, type PatternToken, type RoutePattern } from '../RoutePattern';

export const EDGE_PARAM = 0;
export const EDGE_PARAM_REGEX = 1;
export const EDGE_SEGMENT_REGEX = 2;
export const EDGE_TAIL = 3;

/** How the matcher consumes one step of a pattern. */
export type Step =
  | { readonly kind: 'static'; readonly text: string }
  | {
      readonly kind: typeof EDGE_PARAM | typeof EDGE_PARAM_REGEX | typeof EDGE_SEGMENT_REGEX | typeof EDGE_TAIL;
      /** Identity among siblings: same key, same language, same capture layout. */
      readonly key: string;
      /** For segment and tail steps, `exec` yields the parameters' values in URI order. */
      readonly regex: RouteRegExp | null;
    };

/**
 * Splits a pattern into path segments for the tree.
 *
 * A segment whose constraints provably cannot match "/" (and carry no
 * anchors or look-arounds) is matched on its own. From the first segment
 * that does not meet that bar, the remainder of the pattern becomes one
 * "tail" regex run from that segment's offset on the full path, anchored
 * there and at the end, so look-behinds and "$" keep their whole-URI meaning.
 */
export function stepsOf(pattern: RoutePattern): Step[] {
  const segments = splitSegments(pattern.tokens);
  const steps: Step[] = [];
  for (let i = 0; i < segments.length; i++) {
    const parts = segments[i] as PatternToken[];
    if (parts.some((part) => part.kind === 'param' && !part.segmentSafe)) {
      steps.push(tailStep(segments.slice(i)));
      return steps;
    }
    steps.push(segmentStep(parts));
  }
  return steps;
}

function splitSegments(tokens: readonly PatternToken[]): PatternToken[][] {
  const segments: PatternToken[][] = [[]];
  for (const token of tokens) {
    if (token.kind === 'param') {
      (segments[segments.length - 1] as PatternToken[]).push(token);
      continue;
    }
    token.text.split('/').forEach((piece, i) => {
      if (i > 0) segments.push([]);
      if (piece !== '') (segments[segments.length - 1] as PatternToken[]).push({ kind: 'static', text: piece });
    });
  }
  // Patterns start with "/": drop the empty piece before it.
  segments.shift();
  return segments;
}

function segmentStep(parts: readonly PatternToken[]): Step {
  const params = parts.filter((p): p is ParamToken => p.kind === 'param');
  if (params.length === 0) return { kind: 'static', text: parts.map((p) => (p.kind === 'static' ? p.text : '')).join('') };
  if (parts.length === 1) {
    const only = params[0] as ParamToken;
    // The value of a whole-segment parameter is the segment itself: test, do not capture.
    if (only.isDefaultConstraint) return { kind: EDGE_PARAM, key: `p`, regex: null };
    return { kind: EDGE_PARAM_REGEX, key: `r${only.constraint}`, regex: only.whole };
  }
  const { source, groups } = regexSource(parts);
  return { kind: EDGE_SEGMENT_REGEX, key: `s${source}`, regex: routeRegExp(source, groups, 'the segment') };
}

function tailStep(segments: readonly PatternToken[][]): Step {
  let source = '';
  const groups: number[] = [];
  let group = 1;
  segments.forEach((parts, i) => {
    if (i > 0) source += '\\/';
    const piece = regexSource(parts, group);
    source += piece.source;
    groups.push(...piece.groups);
    group = piece.nextGroup;
  });
  return { kind: EDGE_TAIL, key: `t${source}`, regex: routeRegExp(source, groups, 'the pattern') };
}

function regexSource(
  parts: readonly PatternToken[],
  firstGroup = 1,
): { source: string; groups: number[]; nextGroup: number } {
  let source = '';
  const groups: number[] = [];
  let group = firstGroup;
  for (const part of parts) {
    if (part.kind === 'static') {
      source += escapeRegex(part.text);
    } else {
      groups.push(group);
      group += 1 + part.innerGroups;
      source += `(${part.constraint})`;
    }
  }
  return { source, groups, nextGroup: group };
}
