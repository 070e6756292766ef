/**
 * Console lines stay under CONSOLE_WIDTH characters: a verdict, a gate or a profile that names
 * sixteen capabilities reached 406 characters, which a CI log shows as one unreadable line. A long
 * line keeps its head (up to a break: "; ", ": ", " — ", ", ") and the details go below it,
 * indented and wrapped at spaces; nothing is cut.
 */
export const CONSOLE_WIDTH = 160;

const BREAKS = ['; ', ': ', ' — ', ', ', ' '];

/** `line` as lines shorter than CONSOLE_WIDTH. */
export function fitLine(line: string, width = CONSOLE_WIDTH): string[] {
  const max = width - 1;
  if (line.length <= max) return [line];
  const lead = /^\s*/.exec(line)![0];
  const indent = `${lead}    `;
  const cut = headCut(line, max);
  return [line.slice(0, cut).trimEnd(), ...wrap(line.slice(cut).trim(), indent, max)];
}

/** The text as lines shorter than CONSOLE_WIDTH (each of its lines fitted). */
export function fitText(text: string, width = CONSOLE_WIDTH): string {
  return text.split('\n').flatMap((l) => fitLine(l, width)).join('\n');
}

/** Where the head ends: after the strongest break that leaves it at least 24 characters (`FAIL <id> (<rule>): `). */
function headCut(line: string, max: number): number {
  for (const brk of BREAKS) {
    const at = line.lastIndexOf(brk, max - brk.length);
    if (at >= 24) return at + brk.length;
  }
  return max;
}

function wrap(text: string, indent: string, max: number): string[] {
  const room = Math.max(20, max - indent.length);
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    for (let piece = word; piece !== ''; ) {
      const candidate = current === '' ? piece : `${current} ${piece}`;
      if (candidate.length <= room) {
        current = candidate;
        piece = '';
      } else if (current !== '') {
        lines.push(current);
        current = '';
      } else {
        // A word longer than a line (a URL, a path) is split.
        lines.push(piece.slice(0, room));
        piece = piece.slice(room);
      }
    }
  }
  if (current !== '') lines.push(current);
  return lines.map((l) => indent + l);
}
