import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

/**
 * The layering check: no import cycle between the repository's top-level folders, between the
 * runner's folders (conformance-runner/src/<folder>) beyond the known ones listed below, nor
 * between the reference's namespaces (reference/src/<namespace>) beyond routing ↔ http, which the
 * spec makes (the router calls the dispatcher and the middleware stack; they use routes).
 * docs/architecture.md, "Allowed import directions".
 *
 * Only run-time imports count: `import type`, `export type` and imports whose every name is
 * `type` are erased by the compiler; they are listed apart. Between the runner's folders type-only
 * imports count too: a loop of types is a loop of concepts (issue 37 moved the shared types to
 * model/). Tests (`test/` folders, `*.test.ts`) are left out: a test may import any folder, and
 * nothing imports a test.
 *
 * And the steps see one face of the runner: a file of steps/ imports conformance-runner/ only
 * through STEPS_FACE, types included, so that the runner's folders can change without the suite's
 * step definitions following them.
 *
 * Run: node -r ./scripts/register.js scripts/layering.ts   (exit 1 when a cycle is not allowed)
 */

export const ROOT = path.resolve(__dirname, '..');
export const TOP_LEVEL = ['reference', 'conformance-runner', 'steps', 'scripts', 'selftest', 'bench'] as const;

/**
 * Edges between runner folders allowed to close a cycle. Empty since issue 19 split the shared
 * vocabulary (model/) and the options, defaults and exit codes (config/) out of run/ and cli/:
 * the runner's folders import one way. The list may only shrink: an edge that closes a cycle and
 * is not listed fails the check, and so does a listed edge that no longer closes one.
 */
export const KNOWN_RUNNER_CYCLE_EDGES: readonly string[] = [];

/** The one module of the runner the steps import (conformance-runner/src/forSteps/index.ts). */
export const STEPS_FACE = 'conformance-runner/src/forSteps/index.ts';

/** Edges the reference's namespaces may make in both directions: the spec's own. */
export const ALLOWED_REFERENCE_CYCLE_EDGES: readonly string[] = ['http -> routing', 'routing -> http'];

export interface ImportEdge {
  from: string;
  to: string;
  /** Erased at compile time: `import type`, `export type`, or every imported name `type`. */
  typeOnly: boolean;
  /** 1-based line of the import in `from`. */
  line: number;
}

/** What a file imports by relative path (packages are left out), resolved to files. */
export function scanImports(file: string, text = fs.readFileSync(file, 'utf8')): ImportEdge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (specifier: ts.Expression | undefined, typeOnly: boolean, node: ts.Node) => {
    if (specifier === undefined || !ts.isStringLiteralLike(specifier) || !specifier.text.startsWith('.')) return;
    const to = resolveModule(path.dirname(file), specifier.text);
    if (to === undefined) return;
    edges.push({ from: file, to, typeOnly, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      add(node.moduleSpecifier, importIsTypeOnly(node.importClause), node);
    } else if (ts.isExportDeclaration(node)) {
      const named = node.exportClause !== undefined && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      add(node.moduleSpecifier, node.isTypeOnly || (named !== undefined && named.length > 0 && named.every((e) => e.isTypeOnly)), node);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly, node);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 &&
      ((ts.isIdentifier(node.expression) && node.expression.text === 'require') || node.expression.kind === ts.SyntaxKind.ImportKeyword)) {
      add(node.arguments[0], false, node);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal as ts.Expression, true, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

function importIsTypeOnly(clause: ts.ImportClause | undefined): boolean {
  if (clause === undefined) return false;                       // import './x': run for its effects
  if (clause.isTypeOnly) return true;
  if (clause.name !== undefined) return false;                  // a default import
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

const EXTENSIONS = ['.ts', '.js', '.json', '/index.ts', '/index.js'];

function resolveModule(dir: string, specifier: string): string | undefined {
  const base = path.resolve(dir, specifier);
  if (/\.(ts|js|json)$/.test(base) && fs.existsSync(base)) return base;
  for (const ext of EXTENSIONS) {
    if (fs.existsSync(base + ext) && fs.statSync(base + ext).isFile()) return base + ext;
  }
  return undefined;
}

/** The .ts and .js files of the layering below ROOT: tests, fixtures and node_modules left out. */
export function layeredFiles(root = ROOT): string[] {
  const files: string[] = [];
  for (const top of TOP_LEVEL) {
    const dir = path.join(root, top);
    if (!fs.existsSync(dir)) continue;
    for (const rel of fs.readdirSync(dir, { recursive: true }) as string[]) {
      const parts = rel.split(path.sep);
      if (parts.some((p) => p === 'node_modules' || p === 'test' || p === 'fixtures')) continue;
      if (!/\.(ts|js)$/.test(rel) || /\.test\.ts$/.test(rel) || rel.endsWith('.d.ts')) continue;
      files.push(path.join(dir, rel));
    }
  }
  return files.sort();
}

/** A graph of folders: which folder a file belongs to, or undefined when it is not part of it. */
export type Grouping = (relativeFile: string) => string | undefined;

export const GROUPINGS: Record<'top-level' | 'runner' | 'reference', Grouping> = {
  'top-level': (f) => f.split('/')[0],
  runner: (f) => folderUnder(f, 'conformance-runner/src/'),
  reference: (f) => folderUnder(f, 'reference/src/'),
};

function folderUnder(file: string, prefix: string): string | undefined {
  if (!file.startsWith(prefix)) return undefined;
  const rest = file.slice(prefix.length).split('/');
  return rest.length > 1 ? rest[0] : undefined;                 // files directly under src/ (index.ts) are no folder
}

export interface FolderEdge {
  /** `from -> to`. */
  edge: string;
  /** Where it is made: `file:line`, the first import found. */
  at: string;
}

export interface FolderGraph {
  runtime: FolderEdge[];
  typeOnly: FolderEdge[];
}

/** Folder edges of the given file edges; an edge already made at run time is not listed as type-only. */
export function folderGraph(edges: ImportEdge[], group: Grouping, root = ROOT): FolderGraph {
  const runtime = new Map<string, string>();
  const typeOnly = new Map<string, string>();
  for (const e of edges) {
    const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
    const from = group(rel(e.from));
    const to = group(rel(e.to));
    if (from === undefined || to === undefined || from === to) continue;
    const edge = `${from} -> ${to}`;
    const map = e.typeOnly ? typeOnly : runtime;
    if (!map.has(edge)) map.set(edge, `${rel(e.from)}:${e.line}`);
  }
  for (const edge of runtime.keys()) typeOnly.delete(edge);
  const list = (m: Map<string, string>) => [...m].map(([edge, at]) => ({ edge, at })).sort((a, b) => a.edge.localeCompare(b.edge));
  return { runtime: list(runtime), typeOnly: list(typeOnly) };
}

/** The edges that lie on a cycle (both ends in one strongly connected component), sorted. */
export function cycleEdges(edges: readonly string[]): string[] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    const [from, to] = e.split(' -> ') as [string, string];
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  const component = stronglyConnected(next);
  return edges.filter((e) => {
    const [from, to] = e.split(' -> ') as [string, string];
    return component.get(from) === component.get(to);
  }).sort();
}

/** Tarjan's algorithm: node → the id of its strongly connected component. */
function stronglyConnected(next: Map<string, string[]>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const component = new Map<string, number>();
  let counter = 0;
  let components = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.set(w, components);
      } while (w !== v);
      components++;
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return component;
}

/** The groups of nodes that import each other in a circle, each sorted, for the report. */
export function cycles(edges: readonly string[]): string[][] {
  const members = new Map<string, Set<string>>();
  const onCycle = cycleEdges(edges);
  const next = new Map<string, string[]>();
  for (const e of onCycle) {
    const [from, to] = e.split(' -> ') as [string, string];
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  const component = stronglyConnected(next);
  for (const [node, id] of component) {
    const key = String(id);
    members.set(key, (members.get(key) ?? new Set()).add(node));
  }
  return [...members.values()].map((s) => [...s].sort()).filter((c) => c.length > 1).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

export interface LayerReport {
  name: string;
  graph: FolderGraph;
  /** Groups of folders on a run-time cycle. */
  cycles: string[][];
  /** Edges on a run-time cycle that the layer does not allow. */
  forbidden: FolderEdge[];
  /** Allowed edges that no longer close a cycle: the list should lose them. */
  stale: string[];
  /** Whether type-only edges count. */
  typesCounted?: boolean;
}

/** `types`: type-only edges count as well (the runner's folders). */
export function checkLayer(name: string, graph: FolderGraph, allowed: readonly string[], types = false): LayerReport {
  const counted = types ? [...graph.runtime, ...graph.typeOnly] : graph.runtime;
  const onCycle = new Set(cycleEdges(counted.map((e) => e.edge)));
  return {
    name,
    graph,
    cycles: cycles(counted.map((e) => e.edge)),
    forbidden: counted.filter((e) => onCycle.has(e.edge) && !allowed.includes(e.edge)),
    stale: allowed.filter((e) => !onCycle.has(e)),
    typesCounted: types,
  };
}

/** Imports of steps/ that reach the runner other than through STEPS_FACE: `file:line -> target`. */
export function faceViolations(edges: ImportEdge[], root = ROOT): string[] {
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  return edges
    .filter((e) => rel(e.from).startsWith('steps/') && rel(e.to).startsWith('conformance-runner/') && rel(e.to) !== STEPS_FACE)
    .map((e) => `${rel(e.from)}:${e.line} -> ${rel(e.to)}`);
}

/** The three layers of the repository, checked. */
export function checkRepository(root = ROOT): LayerReport[] {
  const edges = layeredFiles(root).flatMap((f) => scanImports(f));
  const face: LayerReport = {
    name: 'steps through the runner\'s face', graph: { runtime: [], typeOnly: [] }, cycles: [],
    forbidden: faceViolations(edges, root).map((at) => ({ edge: `steps -> ${at.split(' -> ')[1]}`, at: at.split(' -> ')[0]! })), stale: [],
  };
  return [
    checkLayer('top-level folders', folderGraph(edges, GROUPINGS['top-level'], root), []),
    checkLayer('conformance-runner/src folders (type-only imports counted)', folderGraph(edges, GROUPINGS.runner, root), KNOWN_RUNNER_CYCLE_EDGES, true),
    checkLayer('reference/src namespaces', folderGraph(edges, GROUPINGS.reference, root), ALLOWED_REFERENCE_CYCLE_EDGES),
    face,
  ];
}

export function formatReports(reports: LayerReport[]): string {
  const out: string[] = [];
  for (const r of reports) {
    const edges = r.graph.runtime.length + r.graph.typeOnly.length;
    out.push(edges === 0 ? `${r.name}: ${r.forbidden.length === 0 ? 'ok' : 'broken'}` : `${r.name}: ${r.graph.runtime.length} run-time edges, ${r.graph.typeOnly.length} type-only`);
    if (edges > 0) out.push(`  run-time: ${r.graph.runtime.map((e) => e.edge).join(', ')}`);
    if (edges > 0) out.push(r.cycles.length === 0 ? '  no cycle' : r.cycles.map((c) => `  cycle: ${c.join(', ')}`).join('\n'));
    for (const e of r.forbidden) out.push(e.edge.startsWith('steps -> ') ? `  FORBIDDEN ${e.at} imports ${e.edge.slice('steps -> '.length)}: the steps import the runner through ${STEPS_FACE} only` : `  FORBIDDEN ${e.edge} closes a cycle (${e.at})`);
    for (const e of r.stale) out.push(`  STALE ${e} is allowed but closes no cycle any more: remove it from the list in scripts/layering.ts`);
    if (r.graph.typeOnly.length > 0) out.push(`  type-only${r.typesCounted === true ? '' : ' (not counted)'}: ${r.graph.typeOnly.map((e) => e.edge).join(', ')}`);
  }
  return out.join('\n');
}

export function layeringOk(reports: LayerReport[]): boolean {
  return reports.every((r) => r.forbidden.length === 0 && r.stale.length === 0);
}

if (require.main === module) {
  const reports = checkRepository();
  process.stdout.write(`${formatReports(reports)}\n`);
  process.exit(layeringOk(reports) ? 0 : 1);
}
