import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { AstBuilder, GherkinClassicTokenMatcher, Parser, compile } from '@cucumber/gherkin';
import { loadRepository } from '../../../scripts/traceability';
import { parseRoutes } from '../../../steps/support/notation/parser';
import { constraintsOf, portabilityProblems } from '../../src/properties/regex/portable';
import type { Statement } from '../../src/protocol/manifest';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const php = spawnSync('php', ['--version'], { encoding: 'utf8' });
const phpMissing = php.error !== undefined || php.status !== 0 ? 'php is not installed (real PCRE2 is checked where it is)' : false;

/** Every constraint written in a must or implied scenario of the features. */
function countedConstraints(): Map<string, string> {
  const { catalog, features } = loadRepository(ROOT);
  const levels = new Map((catalog as { rules: Array<{ id: string; level: string }> }).rules.map((r) => [r.id, r.level]));
  const out = new Map<string, string>();
  for (const f of features) {
    let n = 0;
    const id = () => String(n++);
    for (const pickle of compile(new Parser(new AstBuilder(id), new GherkinClassicTokenMatcher()).parse(f.data), f.uri, id)) {
      const rules = pickle.tags.filter((t) => t.name.startsWith('@rule:')).map((t) => t.name.slice(6));
      if (rules.length === 0 || rules.some((r) => levels.get(r) === 'reference')) continue;
      for (const step of pickle.steps) {
        if (!/route/.test(step.text) || !step.argument?.docString) continue;
        const walk = (list: Statement[], prefix: string): void => {
          for (const s of list) {
            if ('group' in s) walk(s.routes, prefix + (s.group.prefix ?? ''));
            else if ('uri' in s) for (const c of constraintsOf(prefix + s.uri)) out.set(c, pickle.name);
          }
        };
        walk(parseRoutes(step.argument.docString.content), '');
      }
    }
  }
  return out;
}

describe('regexes of counted scenarios: the ECMAScript/PCRE2 common subset', () => {
  it('the subset check names what is outside it', () => {
    assert.deepEqual(portabilityProblems('[0-9]+'), []);
    assert.deepEqual(portabilityProblems('(?:en|fr)'), []);
    assert.deepEqual(portabilityProblems('[^-]+'), []);
    assert.match(portabilityProblems('[\\d-z]+').join(), /class escape/);
    assert.match(portabilityProblems('[a-z]+(?=/end)').join(), /look-ahead/);
    assert.match(portabilityProblems('a$').join(), /anchor/);
    assert.match(portabilityProblems('\\z').join(), /PCRE2 only/);
  });

  it('every counted constraint compiles in PHP\'s PCRE2, as the route would', { skip: phpMissing }, () => {
    const constraints = [...countedConstraints().keys()];
    assert.ok(constraints.length > 20, 'the features have constraints');
    // Compiled as a route would be: anchored, in a group, with a delimiter the constraints do not use.
    const script = 'foreach (json_decode(stream_get_contents(STDIN)) as $c) { if (@preg_match("\\x01^(?:" . $c . ")$\\x01D", "") === false) echo $c, "\\t", preg_last_error_msg(), "\\n"; }';
    const r = spawnSync('php', ['-r', script], { input: JSON.stringify(constraints), encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '', `constraints PCRE2 rejects:\n${r.stdout}`);
  });
});
