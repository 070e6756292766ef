import { INFINITE, setHas, type CharSet, type RegexNode } from './ast';

/**
 * A regular expression matched in time linear in the input (times the size
 * of the pattern): a Pike VM, i.e. a Thompson NFA simulation that carries
 * capture positions and keeps threads in priority order, so it picks the same
 * match and the same captures as a backtracking engine (leftmost-first), but
 * never revisits a (state, position) pair. No input can make it take
 * exponential or polynomial time, whatever the pattern.
 *
 * Look-arounds have no thread-local state (back-references are not
 * supported), so each one is evaluated once for every position of the input,
 * by one more linear scan: a look-behind runs its body forwards from every
 * start at once, a look-ahead runs its body backwards from every end at once.
 *
 * Matching is anchored at `start` and must consume the input to its end: the
 * only way the router uses patterns (`^…$` on a segment, or sticky `…$` on
 * the path from a segment's offset).
 */
export class LinearRegExp {
  private readonly main: Program;
  /** The same pattern without capture bookkeeping: decides membership only. */
  private plainProgram: Program | undefined;
  private readonly looks: Program[] = [];
  private readonly lookNegated: boolean[] = [];
  /** Capture slots returned by `exec`: 2 per wanted group (start, end). */
  private readonly captureSlots: number;

  /**
   * Instructions compiled so far, over the main program and every look-around: the bound of
   * MAX_PROGRAM_SIZE is on their sum (a look-around repeated ten times once compiled ten programs
   * of 20,000 instructions each, and 25 such manifests held 6.5 GB).
   */
  private readonly budget = { used: 0 };
  /** One program per look-around node: a repetition that copies a look-around shares its table. */
  private readonly lookOf = new Map<RegexNode, number>();

  /** `groups`: the capture-group numbers whose text `exec` returns, in that order. */
  constructor(ast: RegexNode, groups: readonly number[] = []) {
    const slotOf = new Map<number, number>();
    groups.forEach((g, i) => slotOf.set(g, i * 2));
    this.captureSlots = groups.length * 2;
    this.ast = ast;
    this.main = this.compile(ast, 1, slotOf);
  }

  private readonly ast: RegexNode;

  /** Whether the pattern matches `input` from `start` to the end. */
  test(input: string, start = 0): boolean {
    // No larger than the main program, which the budget already counted; its look-arounds are the main one's.
    this.plainProgram ??= this.captureSlots === 0 ? this.main : this.compile(this.ast, 1, new Map(), { used: 0 });
    return new Run(this, input).pike(this.plainProgram, start) !== null;
  }

  /** The wanted groups' text (undefined for a group that did not take part), or null. */
  exec(input: string, start = 0): Array<string | undefined> | null {
    const slots = new Run(this, input).pike(this.main, start);
    if (slots === null) return null;
    const out: Array<string | undefined> = [];
    for (let i = 0; i < this.captureSlots; i += 2) {
      const a = slots[i] as number;
      const b = slots[i + 1] as number;
      out.push(a < 0 || b < 0 ? undefined : input.slice(a, b));
    }
    return out;
  }

  /**
   * Program size in instructions, summed over the main pattern and its look-arounds: a bound on
   * the work of one match per character of input (a Pike VM visits each instruction at most once
   * per position; each look-around is one more scan).
   */
  get size(): number {
    return this.looks.reduce((n, p) => n + p.ops.length, this.main.ops.length);
  }

  /** @internal */
  look(index: number): { program: Program; negated: boolean } {
    return { program: this.looks[index] as Program, negated: this.lookNegated[index] as boolean };
  }

  private compile(ast: RegexNode, direction: 1 | -1, slotOf: ReadonlyMap<number, number>, budget = this.budget): Program {
    const builder = new Builder(direction, slotOf, this.captureSlots, budget, (look) => {
      const known = this.lookOf.get(look);
      if (known !== undefined) return known;
      // A look-ahead's table comes from running its body backwards from every end, and vice versa.
      const program = this.compile(look.body, look.ahead ? -1 : 1, new Map());
      this.looks.push(program);
      this.lookNegated.push(look.negated);
      this.lookOf.set(look, this.looks.length - 1);
      return this.looks.length - 1;
    });
    builder.emit(ast);
    builder.op(OP_MATCH, 0, 0);
    return builder.finish();
  }
}

/** Patterns whose program would exceed this are refused at registration (see RoutePattern). */
export const MAX_PROGRAM_SIZE = 20_000;

const OP_CHAR = 0;
const OP_SPLIT = 1;
const OP_JMP = 2;
const OP_SAVE = 3;
const OP_ASSERT = 4;
const OP_LOOK = 5;
const OP_MATCH = 6;
/** Remembers the position where a repetition's iteration starts (slot a). */
const OP_MARK = 7;
/** Fails an optional iteration that consumed nothing (ECMAScript's empty check). */
const OP_PROGRESS = 8;
/** Forgets the captures of slots [a, b): a new iteration starts with its groups undefined. */
const OP_RESET = 9;

const A_START = 0;
const A_END = 1;
const A_WORD = 2;
const A_NONWORD = 3;

/** @internal A compiled pattern: parallel arrays of opcode and two operands. */
export interface Program {
  readonly ops: Uint8Array;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly sets: readonly CharTest[];
  readonly direction: 1 | -1;
  /** Capture slots plus one mark slot per repetition that needs the empty check. */
  readonly slotCount: number;
}

/** Membership test for a character set: a bitmap for Latin-1, ranges above. */
class CharTest {
  private readonly low = new Uint8Array(256);
  private readonly high: CharSet;

  constructor(set: CharSet) {
    for (const [a, b] of set) for (let c = a; c <= Math.min(b, 255); c++) this.low[c] = 1;
    this.high = set.filter(([, b]) => b > 255);
  }

  has(code: number): boolean {
    return code < 256 ? this.low[code] === 1 : setHas(this.high, code);
  }
}

class Builder {
  private readonly ops: number[] = [];
  private readonly a: number[] = [];
  private readonly b: number[] = [];
  private readonly sets: CharTest[] = [];
  /** One test per set: `a{19000}` holds one 256-byte bitmap, not 19,000. */
  private readonly setIndex = new Map<CharSet, number>();
  private readonly marks = new Map<RegexNode, number>();
  private slotCount: number;

  constructor(
    private readonly direction: 1 | -1,
    private readonly slotOf: ReadonlyMap<number, number>,
    captureSlots: number,
    private readonly budget: { used: number },
    private readonly addLook: (look: Extract<RegexNode, { t: 'look' }>) => number,
  ) {
    this.slotCount = captureSlots;
  }

  op(code: number, a: number, b: number): number {
    if (this.budget.used >= MAX_PROGRAM_SIZE) throw new RangeError(`the pattern needs more than ${MAX_PROGRAM_SIZE} instructions`);
    this.budget.used += 1;
    this.ops.push(code);
    this.a.push(a);
    this.b.push(b);
    return this.ops.length - 1;
  }

  emit(node: RegexNode): void {
    switch (node.t) {
      case 'empty':
        return;
      case 'char': {
        let index = this.setIndex.get(node.set);
        if (index === undefined) {
          this.sets.push(new CharTest(node.set));
          index = this.sets.length - 1;
          this.setIndex.set(node.set, index);
        }
        this.op(OP_CHAR, index, 0);
        return;
      }
      case 'seq': {
        const items = this.direction === 1 ? node.items : [...node.items].reverse();
        for (const item of items) this.emit(item);
        return;
      }
      case 'alt': {
        // SPLIT chain: alternative 1 first, then 2, ...; each jumps to the end.
        const jumps: number[] = [];
        node.alts.forEach((alt, i) => {
          if (i < node.alts.length - 1) {
            const split = this.op(OP_SPLIT, 0, 0);
            this.a[split] = this.ops.length;
            this.emit(alt);
            jumps.push(this.op(OP_JMP, 0, 0));
            this.b[split] = this.ops.length;
          } else {
            this.emit(alt);
          }
        });
        for (const j of jumps) this.a[j] = this.ops.length;
        return;
      }
      case 'group': {
        const slot = node.index > 0 ? this.slotOf.get(node.index) : undefined;
        if (slot === undefined) {
          this.emit(node.body);
          return;
        }
        // Backwards the group's end is reached first.
        this.op(OP_SAVE, this.direction === 1 ? slot : slot + 1, 0);
        this.emit(node.body);
        this.op(OP_SAVE, this.direction === 1 ? slot + 1 : slot, 0);
        return;
      }
      case 'repeat':
        this.repeat(node, node.body, node.min, node.max, node.greedy);
        return;
      case 'assert': {
        const kind = node.kind === 'start' ? A_START : node.kind === 'end' ? A_END : node.kind === 'word' ? A_WORD : A_NONWORD;
        this.op(OP_ASSERT, kind, 0);
        return;
      }
      case 'look':
        this.op(OP_LOOK, this.addLook(node), 0);
        return;
    }
  }

  private repeat(node: RegexNode, body: RegexNode, min: number, max: number, greedy: boolean): void {
    // Captures only matter when some are recorded: look-around bodies and plain tests skip this bookkeeping.
    const tracked = this.slotOf.size > 0;
    const [resetFrom, resetTo] = tracked ? this.slotRange(body) : [0, 0];
    const iteration = (optional: boolean): void => {
      // ECMAScript: each iteration starts with the groups inside it undefined, and an
      // iteration beyond the minimum that matches the empty string fails.
      if (resetTo > resetFrom) this.op(OP_RESET, resetFrom, resetTo);
      const mark = optional && tracked ? this.mark(node) : -1;
      if (mark >= 0) this.op(OP_MARK, mark, 0);
      this.emit(body);
      if (mark >= 0) this.op(OP_PROGRESS, mark, 0);
    };
    for (let i = 0; i < min; i++) iteration(false);
    if (max === INFINITE) {
      // L: SPLIT body, out; body; JMP L   (re-entering L at the same position is what the empty check forbids)
      const split = this.op(OP_SPLIT, 0, 0);
      const start = this.ops.length;
      iteration(true);
      this.op(OP_JMP, split, 0);
      this.setSplit(split, start, this.ops.length, greedy);
      return;
    }
    // (body (body (...)?)?)?: every optional copy may bail out to the end.
    const splits: number[] = [];
    for (let i = min; i < max; i++) {
      const split = this.op(OP_SPLIT, 0, 0);
      splits.push(split);
      iteration(true);
    }
    const end = this.ops.length;
    for (const split of splits) this.setSplit(split, split + 1, end, greedy);
  }

  private mark(node: RegexNode): number {
    let slot = this.marks.get(node);
    if (slot === undefined) this.marks.set(node, (slot = this.slotCount++));
    return slot;
  }

  /** The recorded capture slots of the groups inside `node`, as one [from, to) range (group numbers are contiguous). */
  private slotRange(node: RegexNode): [number, number] {
    let from = Infinity;
    let to = -Infinity;
    const visit = (n: RegexNode): void => {
      if (n.t === 'group') {
        const slot = this.slotOf.get(n.index);
        if (slot !== undefined) {
          from = Math.min(from, slot);
          to = Math.max(to, slot + 2);
        }
        visit(n.body);
      } else if (n.t === 'seq') n.items.forEach(visit);
      else if (n.t === 'alt') n.alts.forEach(visit);
      else if (n.t === 'repeat' || n.t === 'look') visit(n.body);
    };
    visit(node);
    return from < to ? [from, to] : [0, 0];
  }

  private setSplit(split: number, into: number, out: number, greedy: boolean): void {
    this.a[split] = greedy ? into : out;
    this.b[split] = greedy ? out : into;
  }

  finish(): Program {
    return {
      ops: Uint8Array.from(this.ops),
      a: Int32Array.from(this.a),
      b: Int32Array.from(this.b),
      sets: this.sets,
      direction: this.direction,
      slotCount: this.slotCount,
    };
  }
}

function isWordAt(input: string, pos: number): boolean {
  if (pos < 0 || pos >= input.length) return false;
  const c = input.charCodeAt(pos);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || c === 95 || (c >= 97 && c <= 122);
}

/** One match attempt: the input, and the look-around tables computed for it so far. */
class Run {
  private readonly tables: Array<Uint8Array | undefined> = [];
  // Work stacks of addThread, reused across calls.
  private readonly stackPc: number[] = [];
  private readonly stackSlots: Int32Array[] = [];

  constructor(
    private readonly re: LinearRegExp,
    private readonly input: string,
  ) {}

  /**
   * Leftmost-first simulation from `start`; the slots of the highest-priority
   * thread that reaches the end of the input, or null.
   */
  pike(program: Program, start: number): Int32Array | null {
    const input = this.input;
    const end = input.length;
    const size = program.ops.length;
    let current = new ThreadList(size);
    let next = new ThreadList(size);
    const initial = new Int32Array(program.slotCount).fill(-1);
    this.addThread(program, current, 0, start, initial);
    const { ops, a, sets } = program;
    for (let pos = start; ; pos++) {
      const code = pos < end ? input.charCodeAt(pos) : -1;
      // Threads are in priority order; the first to match at the end wins.
      for (let i = 0; i < current.count; i++) {
        const pc = current.pcs[i] as number;
        const op = ops[pc];
        if (op === OP_MATCH) {
          if (pos === end) return current.slots[i] as Int32Array;
          continue;
        }
        // OP_CHAR: the only instruction left in a list after closure.
        if (code >= 0 && (sets[a[pc] as number] as CharTest).has(code)) {
          this.addThread(program, next, pc + 1, pos + 1, current.slots[i] as Int32Array);
        }
      }
      if (next.count === 0 || pos >= end) return null;
      const swap = current;
      current = next;
      next = swap;
      next.clear();
    }
  }

  /** Follows empty transitions from `pc` at `pos` in priority order (depth first), adding CHAR and MATCH threads. */
  private addThread(program: Program, list: ThreadList, pc: number, pos: number, slots: Int32Array): void {
    // Most steps land on a CHAR or MATCH (`a{n}` is a chain of them): no work stack for those.
    const first = program.ops[pc];
    if (first === OP_CHAR || first === OP_MATCH) {
      if (!list.seen(pc)) list.add(pc, slots);
      return;
    }
    const stackPc = this.stackPc;
    const stackSlots = this.stackSlots;
    const base = stackPc.length;
    stackPc.push(pc);
    stackSlots.push(slots);
    while (stackPc.length > base) {
      let p = stackPc.pop() as number;
      let s = stackSlots.pop() as Int32Array;
      for (;;) {
        if (list.seen(p)) break;
        const op = program.ops[p];
        if (op === OP_CHAR || op === OP_MATCH) {
          list.add(p, s);
          break;
        }
        if (op === OP_JMP) {
          p = program.a[p] as number;
        } else if (op === OP_SPLIT) {
          stackPc.push(program.b[p] as number);
          stackSlots.push(s);
          p = program.a[p] as number;
        } else if (op === OP_SAVE) {
          s = Int32Array.from(s);
          s[program.a[p] as number] = pos;
          p++;
        } else if (op === OP_MARK) {
          s = Int32Array.from(s);
          s[program.a[p] as number] = pos;
          p++;
        } else if (op === OP_PROGRESS) {
          if (s[program.a[p] as number] === pos) break;
          p++;
        } else if (op === OP_RESET) {
          s = Int32Array.from(s);
          s.fill(-1, program.a[p] as number, program.b[p] as number);
          p++;
        } else if (op === OP_ASSERT) {
          if (!this.assertion(program.a[p] as number, pos)) break;
          p++;
        } else {
          if (!this.lookAt(program.a[p] as number, pos)) break;
          p++;
        }
      }
    }
  }

  private assertion(kind: number, pos: number): boolean {
    switch (kind) {
      case A_START:
        return pos === 0;
      case A_END:
        return pos === this.input.length;
      case A_WORD:
        return isWordAt(this.input, pos - 1) !== isWordAt(this.input, pos);
      default:
        return isWordAt(this.input, pos - 1) === isWordAt(this.input, pos);
    }
  }

  private lookAt(index: number, pos: number): boolean {
    let table = this.tables[index];
    if (table === undefined) {
      const { program, negated } = this.re.look(index);
      table = this.table(program);
      if (negated) for (let i = 0; i < table.length; i++) table[i] = table[i] === 1 ? 0 : 1;
      this.tables[index] = table;
    }
    return table[pos] === 1;
  }

  /**
   * For every position p, whether the program matches with one end at p:
   * forwards (a look-behind body) it starts anywhere at or before p and ends
   * at p; backwards (a look-ahead body) it starts anywhere at or after p and
   * ends at p. One pass with a start thread added at every position.
   */
  private table(program: Program): Uint8Array {
    const input = this.input;
    const n = input.length;
    const table = new Uint8Array(n + 1);
    const none = new Int32Array(0);
    const current = new ThreadList(program.ops.length);
    const forward = program.direction === 1;
    let carried: number[] = [];
    for (let step = 0; step <= n; step++) {
      const pos = forward ? step : n - step;
      current.clear();
      for (const pc of carried) this.addThread(program, current, pc, pos, none);
      this.addThread(program, current, 0, pos, none);
      carried = [];
      const at = forward ? pos : pos - 1;
      const code = at >= 0 && at < n ? input.charCodeAt(at) : -1;
      for (let i = 0; i < current.count; i++) {
        const pc = current.pcs[i] as number;
        if (program.ops[pc] === OP_MATCH) table[pos] = 1;
        else if (code >= 0 && (program.sets[program.a[pc] as number] as CharTest).has(code)) carried.push(pc + 1);
      }
    }
    return table;
  }
}

/** A list of threads with an O(1) membership test per position (sparse set). */
class ThreadList {
  readonly pcs: Int32Array;
  readonly slots: Int32Array[] = [];
  count = 0;
  private readonly dense: Int32Array;
  private readonly sparse: Int32Array;
  private marked = 0;

  constructor(size: number) {
    this.pcs = new Int32Array(size);
    this.dense = new Int32Array(size);
    this.sparse = new Int32Array(size);
  }

  /** Marks `pc` as visited for this position; true if it already was. */
  seen(pc: number): boolean {
    const i = this.sparse[pc] as number;
    if (i < this.marked && this.dense[i] === pc) return true;
    this.sparse[pc] = this.marked;
    this.dense[this.marked++] = pc;
    return false;
  }

  add(pc: number, slots: Int32Array): void {
    this.pcs[this.count] = pc;
    this.slots[this.count++] = slots;
  }

  clear(): void {
    this.count = 0;
    this.marked = 0;
  }
}
