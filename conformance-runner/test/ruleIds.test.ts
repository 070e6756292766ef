import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { CHECKS } from '../src/check-adapter/checkAdapter';

/**
 * Every rule id the code names exists in the catalog (features/rules.json): a renamed or retired
 * rule that attribution, the properties, the steps or the self-test still name would otherwise be
 * charged, blocked or faulted under a name no report knows (issue 37). A rule id is a string
 * literal of the catalog's form whose first part is a section of the catalog; the adapter check's
 * own check ids (`url.generate`...) share the form and are left out by name.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const SCANNED = ['conformance-runner/src', 'steps', 'selftest', 'scripts', 'bench', 'reference/adapter'];
const ID = /^[a-z][a-z0-9]*(\.[a-z0-9-]+)+$/;

const catalog = JSON.parse(fs.readFileSync(path.join(ROOT, 'features', 'rules.json'), 'utf8')) as { rules: { id: string }[] };
const RULES = new Set(catalog.rules.map((r) => r.id));
const SECTIONS = new Set([...RULES].map((id) => id.split('.')[0]!));

/** The rule-id-shaped string literals of one source text, with their lines. */
export function namedRuleIds(file: string, text: string): { id: string; line: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { id: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && ID.test(node.text) && SECTIONS.has(node.text.split('.')[0]!)) {
      found.push({ id: node.text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts') && !f.split(path.sep).some((p) => p === 'node_modules' || p === 'test' || p === 'fixtures'))
    .map((f) => path.join(dir, f));
}

describe('rule ids named in code', () => {
  it('finds rule ids in string literals, and only those of a catalog section', () => {
    const text = "const a = 'params.segment';\nconst b = 'package.json';\nconst c = `url.path`;\n// 'errors.not-found' in a comment\n";
    assert.deepEqual(namedRuleIds('x.ts', text), [{ id: 'params.segment', line: 1 }, { id: 'url.path', line: 3 }]);
  });

  it('are all in features/rules.json', () => {
    const checkIds = new Set(CHECKS.map((c) => c.id));
    const unknown: string[] = [];
    const named = new Set<string>();
    for (const file of SCANNED.flatMap((d) => sourceFiles(path.join(ROOT, d)))) {
      for (const { id, line } of namedRuleIds(file, fs.readFileSync(file, 'utf8'))) {
        if (checkIds.has(id)) continue;
        named.add(id);
        if (!RULES.has(id)) unknown.push(`${path.relative(ROOT, file)}:${line} names "${id}", which is not in features/rules.json`);
      }
    }
    assert.deepEqual(unknown, []);
    // Not a scan of nothing: attribution and the self-test name most rules of the catalog.
    assert.ok(named.size > 100, `only ${named.size} rule ids found`);
  });
});
