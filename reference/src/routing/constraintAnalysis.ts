/**
 * Static facts about a parameter constraint (a JavaScript regex source),
 * needed to embed it safely in a larger pattern and to choose a matcher
 * strategy.
 */
export interface ConstraintInfo {
  /** Capture groups inside the constraint; they shift the indexes of later parameters. */
  readonly groups: number;
  readonly hasNamedGroup: boolean;
  /** Numbered back-references would point at the wrong group once embedded. */
  readonly hasBackreference: boolean;
  /**
   * True only when the constraint provably cannot match "/" and has no
   * anchors or look-arounds, so it can be tested against one path segment in
   * isolation with the same result as inside the whole-URI regex.
   */
  readonly segmentSafe: boolean;
}

/** Assumes `source` already compiles as a RegExp. */
export function analyzeConstraint(source: string): ConstraintInfo {
  // Let the engine count groups: `(?:c)|` always matches "", leaving one slot per group.
  const probe = new RegExp(`(?:${source})|`).exec('') as RegExpExecArray;
  const groups = probe.length - 1;
  const hasNamedGroup = probe.groups !== undefined;
  let hasBackreference = false;
  let segmentSafe = true;

  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const escaped = source[i + 1] ?? '';
      if (escaped >= '1' && escaped <= '9') hasBackreference = true;
      if (!SEGMENT_SAFE_ESCAPES.has(escaped) && /[A-Za-z0-9/]/.test(escaped)) segmentSafe = false;
      i++;
      continue;
    }
    if (c === '[') {
      const end = classEnd(source, i);
      if (!classExcludesSlash(source.slice(i + 1, end))) segmentSafe = false;
      i = end;
      continue;
    }
    if (c === '(' && source[i + 1] === '?') {
      const kind = source[i + 2];
      // Look-aheads and look-behinds can inspect text outside the segment.
      if (kind === '=' || kind === '!' || kind === '<') {
        if (kind !== '<' || source[i + 3] === '=' || source[i + 3] === '!') segmentSafe = false;
      }
      continue;
    }
    if (c === '.' || c === '/' || c === '^' || c === '$') segmentSafe = false;
  }
  return { groups, hasNamedGroup, hasBackreference, segmentSafe };
}

// Escapes that can never match "/" and carry no context (letters other than
// these, digits and "\/" are treated as unsafe).
const SEGMENT_SAFE_ESCAPES = new Set(['d', 'w', 's', 'b', 'B', 'n', 'r', 't', 'f', 'v', '0']);

/** Index of the "]" closing the class that opens at `start`. */
function classEnd(source: string, start: number): number {
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']') return i;
  }
  return source.length;
}

type SlashMembership = 'yes' | 'no' | 'unknown';

/** Whether a character class body (between the brackets) can never match "/". */
function classExcludesSlash(body: string): boolean {
  const negated = body.startsWith('^');
  const membership = slashMembership(negated ? body.slice(1) : body);
  return negated ? membership === 'yes' : membership === 'no';
}

interface ClassAtom {
  /** Character code for a single character, null for a set escape like \d. */
  readonly code: number | null;
  readonly slash: SlashMembership;
  /** An unescaped "-", which may form a range. */
  readonly dash: boolean;
}

function slashMembership(body: string): SlashMembership {
  const atoms: ClassAtom[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== '\\') {
      const code = c.charCodeAt(0);
      atoms.push({ code, slash: code === 47 ? 'yes' : 'no', dash: c === '-' });
      continue;
    }
    const e = body[++i] ?? '';
    if (e === 'D' || e === 'W' || e === 'S') atoms.push({ code: null, slash: 'yes', dash: false });
    else if (e === 'd' || e === 'w' || e === 's') atoms.push({ code: null, slash: 'no', dash: false });
    else if (e === 'x' || e === 'u' || e === 'c' || (e >= '0' && e <= '9')) atoms.push({ code: null, slash: 'unknown', dash: false });
    else if (e === 'b') atoms.push({ code: 8, slash: 'no', dash: false });
    else atoms.push({ code: e.charCodeAt(0), slash: e === '/' ? 'yes' : 'no', dash: false });
  }
  let result: SlashMembership = 'no';
  for (let i = 0; i < atoms.length; i++) {
    const low = atoms[i] as ClassAtom;
    const high = atoms[i + 2];
    if (atoms[i + 1]?.dash === true && high !== undefined) {
      if (low.code === null || high.code === null) result = merge(result, 'unknown');
      else if (low.code <= 47 && high.code >= 47) return 'yes';
      i += 2;
      continue;
    }
    result = merge(result, low.slash);
  }
  return result;
}

function merge(a: SlashMembership, b: SlashMembership): SlashMembership {
  return a === 'yes' || b === 'yes' ? 'yes' : a === 'unknown' || b === 'unknown' ? 'unknown' : 'no';
}
