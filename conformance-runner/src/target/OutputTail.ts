/**
 * The last lines a child process printed, kept bounded so that an adapter that logs every request
 * for an hour cannot exhaust the runner's memory. stdout and stderr are split into lines
 * separately so that interleaved writes never glue half-lines together.
 */
export class OutputTail {
  private readonly lines: string[] = [];
  private readonly partial = new Map<string, string>();

  constructor(
    private readonly maxLines = 100,
    private readonly maxLineLength = 2000,
    private readonly onLine?: (line: string, stream: string) => void,
  ) {}

  write(stream: string, chunk: Buffer | string): void {
    const text = (this.partial.get(stream) ?? '') + chunk.toString();
    const parts = text.split(/\r?\n/);
    const rest = parts.pop() ?? '';
    for (const line of parts) this.push(line, stream);
    // A line that never ends is still bounded: flush it in pieces.
    if (rest.length > this.maxLineLength) {
      this.push(rest, stream);
      this.partial.delete(stream);
    } else {
      this.partial.set(stream, rest);
    }
  }

  /** The kept lines, plus any unfinished line of each stream, joined by newlines. */
  text(): string {
    const pending = [...this.partial.values()].filter((p) => p !== '');
    return [...this.lines, ...pending].join('\n');
  }

  private push(line: string, stream: string): void {
    const kept = line.length > this.maxLineLength ? `${line.slice(0, this.maxLineLength)}…` : line;
    this.lines.push(kept);
    if (this.lines.length > this.maxLines) this.lines.shift();
    this.onLine?.(kept, stream);
  }
}

/**
 * Indents an output tail for inclusion in an error message. A line that several processes print
 * alike (php -S's workers each announce themselves, each request repeats one fatal error) is
 * shown once, with how often: the same words, once the `[pid] [time]` prefix of php -S is set aside.
 */
export function quoteOutput(tail: string): string {
  if (tail.trim() === '') return '  (it printed nothing)';
  const shown: Array<{ line: string; times: number }> = [];
  const byWords = new Map<string, { line: string; times: number }>();
  for (const line of tail.split('\n')) {
    const words = line.replace(/^\[\d+\] \[[^\]]*\] /, '');
    const seen = byWords.get(words);
    if (seen !== undefined) {
      seen.times += 1;
      continue;
    }
    const entry = { line, times: 1 };
    byWords.set(words, entry);
    shown.push(entry);
  }
  return shown.map(({ line, times }) => `  | ${line}${times > 1 ? `  (×${times})` : ''}`).join('\n');
}
