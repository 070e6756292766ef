import type { ChainCall, Handler, Statement } from '../../protocol';

/**
 * Prints manifest statements in the route notation of the features (features/README.md,
 * steps/support/notation): the spec's own PHP-like router API, so a counterexample pastes into a
 * feature file as it is.
 */
export function printRoutes(statements: Statement[], receiver = '$router', indent = ''): string {
  return statements.map((st) => printStatement(st, receiver, indent)).join('\n');
}

/** A PHP single-quoted literal: only \ and ' are escaped, so '\d+' reads as in PHP. */
export function phpString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function printStatement(st: Statement, receiver: string, indent: string): string {
  if ('group' in st) {
    const attrs: string[] = [];
    if (st.group.prefix !== undefined) attrs.push(`'prefix' => ${phpString(st.group.prefix)}`);
    if (st.group.middleware !== undefined) attrs.push(`'middleware' => [${st.group.middleware.map(phpString).join(', ')}]`);
    const body = st.routes.length > 0 ? `${printRoutes(st.routes, receiver, `${indent}    `)}\n` : '';
    return `${indent}${receiver}->group([${attrs.join(', ')}], function (${receiver}) {\n${body}${indent}});`;
  }
  if ('resource' in st) return `${indent}${receiver}->resource(${phpString(st.resource)}, ${st.controller}::class);`;
  const chain = (st.chain ?? []).map(printChain).join('');
  return `${indent}${receiver}->${st.method.toLowerCase()}(${phpString(st.uri)}, ${printHandler(st.handler)})${chain};`;
}

function printHandler(h: Handler): string {
  if ('controller' in h) return `[${h.controller}::class, ${phpString(h.action)}]`;
  if (h.closure === 'args') return 'fn(...$args) => $args';
  if (h.closure === 'named') return 'fn($alpha, $beta) => [$alpha, $beta]';
  if (h.closure === 'text') return `fn() => ${phpString(h.value)}`;
  return `fn() => ${phpValue(h.value)}`;
}

function phpValue(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return phpString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(phpValue).join(', ')}]`;
  // PHP has one empty array: an empty map is written as the cast the notation reads back as {}.
  if (Object.keys(v as object).length === 0) return '(object) []';
  return `[${Object.entries(v as Record<string, unknown>).map(([k, x]) => `${phpString(k)} => ${phpValue(x)}`).join(', ')}]`;
}

function printChain(call: ChainCall): string {
  if ('name' in call) return `->name(${phpString(call.name)})`;
  const m = call.middleware;
  return `->middleware(${typeof m === 'string' ? phpString(m) : `[${m.map(phpString).join(', ')}]`})`;
}
