import MarkdownIt from 'markdown-it';

/** A token of markdown-it's stream. */
export type SpecToken = MarkdownIt.Token;

/**
 * A statement of the spec: a paragraph, a list item or a table row (its heading when a rule fits
 * none of its statements), as markdown-it parsed it, with the heading path it stands under.
 */
export interface Statement {
  kind: 'paragraph' | 'item' | 'row' | 'heading';
  /** `Endpoints / Route parameters`: the headings above it from level 2 down, as rules.json names sections. */
  section: string;
  text: string;
  /** Indices of its opening and closing tokens in the parsed stream. */
  open: number;
  close: number;
  /** For a row: whether it is the table's header row. */
  header?: boolean;
}

export interface RuleText {
  id: string;
  section: string;
  statement: string;
}

/** The Markdown parser of the spec, one configuration for the statements and the page. */
export function specParser(): MarkdownIt.MarkdownIt {
  return new MarkdownIt({ html: false, linkify: false, typographer: false });
}

/** Every statement of the spec's token stream, in reading order. */
export function statementsOf(tokens: readonly SpecToken[]): Statement[] {
  const out: Statement[] = [];
  const headings: string[] = [];
  let items = 0;
  let inHead = false;
  const textUntil = (from: number, closeType: string, level: number): [string, number] => {
    const parts: string[] = [];
    let i = from + 1;
    for (; i < tokens.length && !(tokens[i]!.type === closeType && tokens[i]!.level === level); i++) {
      if (tokens[i]!.type === 'inline') parts.push(tokens[i]!.content);
    }
    return [parts.join(' '), i];
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'heading_open') {
      const depth = Number(t.tag.slice(1));
      const [text, close] = textUntil(i, 'heading_close', t.level);
      headings.length = Math.max(0, depth - 1);
      headings[depth - 1] = text;
      if (depth >= 2) out.push({ kind: 'heading', section: sectionOf(headings), text, open: i, close });
    } else if (t.type === 'list_item_open') {
      items += 1;
      const [text, close] = textUntil(i, 'list_item_close', t.level);
      out.push({ kind: 'item', section: sectionOf(headings), text, open: i, close });
    } else if (t.type === 'list_item_close') {
      items -= 1;
    } else if (t.type === 'paragraph_open' && items === 0) {
      const [text, close] = textUntil(i, 'paragraph_close', t.level);
      out.push({ kind: 'paragraph', section: sectionOf(headings), text, open: i, close });
    } else if (t.type === 'thead_open' || t.type === 'thead_close') {
      inHead = t.type === 'thead_open';
    } else if (t.type === 'tr_open') {
      const [text, close] = textUntil(i, 'tr_close', t.level);
      out.push({ kind: 'row', section: sectionOf(headings), text, open: i, close, header: inHead });
    }
  }
  return out;
}

function sectionOf(headings: readonly string[]): string {
  return headings.slice(1).filter((h) => h !== undefined).join(' / ');
}

/**
 * A section's name as rules.json writes it: without code marks, and without a heading's trailing
 * parenthesis (`Dispatch (\`dispatch()\`)` is the section `Endpoints / Dispatch`).
 */
export function sectionKey(section: string): string {
  return section.split(' / ').map((part) => part.replace(/`/g, '').trim()).join(' / ');
}

function matches(ruleSection: string, statementSection: string): boolean {
  const a = sectionKey(ruleSection);
  const b = sectionKey(statementSection);
  const bare = (s: string) => s.split(' / ').map((p) => p.replace(/\s*\(.*\)$/, '')).join(' / ');
  return a === b || bare(a) === bare(b);
}

/**
 * Which statement each rule annotates: in the rule's section, the statement whose words are the
 * rule's (its statement and id), weighed by how rare each word is among the section's statements;
 * the section's heading when no statement shares a word. A rule whose section the spec does not
 * have is left out of the map (the page lists it apart).
 */
export function placeRules(statements: readonly Statement[], rules: readonly RuleText[]): Map<string, number> {
  const placed = new Map<string, number>();
  const words = statements.map((s) => new Set(wordsOf(s.text)));
  for (const rule of rules) {
    const candidates = statements.map((s, i) => i).filter((i) => matches(rule.section, statements[i]!.section) && !statements[i]!.header);
    if (candidates.length === 0) continue;
    const heading = candidates.find((i) => statements[i]!.kind === 'heading');
    const body = candidates.filter((i) => statements[i]!.kind !== 'heading');
    const frequency = new Map<string, number>();
    for (const i of body) for (const w of words[i]!) frequency.set(w, (frequency.get(w) ?? 0) + 1);
    const wanted = new Set(wordsOf(`${rule.statement} ${rule.id.split('.').slice(1).join(' ')}`));
    let best = -1;
    let bestScore = 0;
    for (const i of body) {
      let score = 0;
      for (const w of wanted) if (words[i]!.has(w)) score += Math.log(1 + body.length / frequency.get(w)!);
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
    placed.set(rule.id, best >= 0 ? best : (heading ?? candidates[0]!));
  }
  return placed;
}

const STOP = new Set(['the', 'and', 'for', 'are', 'its', 'with', 'that', 'this', 'from', 'not', 'any', 'one', 'each', 'every', 'when', 'into', 'only', 'but', 'has', 'have', 'was', 'via', 'than', 'which', 'their', 'other']);

/** Lower-case words of three letters or more, without a plural's s; code names split at case and punctuation. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !STOP.has(w))
    .map((w) => (w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}
