import { backtracksLinearly } from './linearity';
import { LinearRegExp } from './LinearRegExp';
import { parseRegex } from './parse';

/**
 * A route pattern's regex as the matcher runs it: anchored at `start`,
 * matching up to the end of the input. Patterns that V8's backtracking
 * engine provably matches in linear time keep it (it is the fastest);
 * all others run on LinearRegExp, so no request can make matching take more
 * than linear time, whatever constraint an application registered
 * (decision 53).
 */
export interface RouteRegExp {
  readonly engine: 'native' | 'linear';
  /**
   * The linear engine's program size (instructions visited at most per character of input, look-
   * arounds included), which bounds the work of one match; 0 for the native engine, which
   * patterns keep only when it matches them in a few steps per character.
   */
  readonly instructions: number;
  test(input: string, start?: number): boolean;
  /** The text of the groups named at compile time, in that order, or null. */
  exec(input: string, start?: number): Array<string | undefined> | null;
}

/**
 * `source` is a regex source that compiles with `new RegExp(source)`;
 * `groups` are capture-group numbers whose values `exec` returns.
 * Throws RangeError when the pattern is too large for the linear engine.
 */
export function compileRouteRegExp(source: string, groups: readonly number[] = []): RouteRegExp {
  const ast = parseRegex(source);
  if (backtracksLinearly(ast)) return new NativeRouteRegExp(source, groups);
  return new LinearRouteRegExp(new LinearRegExp(ast, groups));
}

class NativeRouteRegExp implements RouteRegExp {
  readonly engine = 'native';
  readonly instructions = 0;
  private readonly regex: RegExp;

  constructor(
    source: string,
    private readonly groups: readonly number[],
  ) {
    // Sticky and `$`: anchored at lastIndex and at the end, like `^(?:…)$` on a slice.
    this.regex = new RegExp(`(?:${source})$`, 'y');
  }

  test(input: string, start = 0): boolean {
    this.regex.lastIndex = start;
    return this.regex.test(input);
  }

  exec(input: string, start = 0): Array<string | undefined> | null {
    this.regex.lastIndex = start;
    const m = this.regex.exec(input);
    if (m === null) return null;
    return this.groups.map((g) => m[g]);
  }
}

class LinearRouteRegExp implements RouteRegExp {
  readonly engine = 'linear';

  readonly instructions: number;

  constructor(private readonly regex: LinearRegExp) {
    this.instructions = regex.size;
  }

  test(input: string, start = 0): boolean {
    return this.regex.test(input, start);
  }

  exec(input: string, start = 0): Array<string | undefined> | null {
    return this.regex.exec(input, start);
  }
}
