import * as fs from 'node:fs';

export interface FencedBlock {
  /** The fence's info string, e.g. `json`. */
  lang: string;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The nearest non-empty line above the fence (where markers live). */
  before: string;
}

/** Every fenced code block of a Markdown file, in order. */
export function fencedBlocks(file: string): FencedBlock[] {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && lines[end] !== '```') end++;
    let above = i - 1;
    while (above >= 0 && lines[above].trim() === '') above--;
    blocks.push({ lang: open[1], code: lines.slice(i + 1, end).join('\n'), line: i + 1, before: above >= 0 ? lines[above].trim() : '' });
    i = end;
  }
  return blocks;
}

/** `<!-- fw-schema: manifest -->` → 'manifest'; `<!-- fw-schema: none (why) -->` → 'none'. */
export function schemaMarker(line: string): string | undefined {
  return /^<!--\s*fw-schema:\s*([a-z-]+)\b.*-->$/.exec(line)?.[1];
}

/** `<!-- file: adapter/index.php -->` → 'adapter/index.php'. */
export function fileMarker(line: string): string | undefined {
  return /^<!--\s*file:\s*(\S+)\s*-->$/.exec(line)?.[1];
}
