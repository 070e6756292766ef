import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { checkTraceability, formatReport, loadRepository, type FeatureSource } from '../../scripts/traceability';
import { parseRoutes } from '../../steps/support/notation/parser';

const ROOT = path.resolve(__dirname, '..', '..');

function catalog(...rules: { id: string; level?: string; catches?: string }[]) {
  return {
    version: 1,
    spec: 'routing-and-controllers.md',
    rules: rules.map((r) => ({
      id: r.id, section: 'Errors', level: r.level ?? 'must', statement: `statement of ${r.id}`,
      ...(r.level === 'reference' ? {} : { catches: r.catches ?? 'a broken router' }),
    })),
  };
}

function feature(body: string, uri = 'features/15-errors.feature'): FeatureSource {
  return { uri, data: `Feature: fixture\n${body}` };
}

const scenario = (tags: string, name = 'a scenario'): string =>
  `\n  ${tags}\n  Scenario: ${name}\n    Given no routes\n`;

describe('checkTraceability', () => {
  it('accepts a catalog whose every rule has a scenario', () => {
    const report = checkTraceability(catalog({ id: 'errors.not-found' }, { id: 'errors.bodies', level: 'reference' }),
      [feature(scenario('@id:errors-one @rule:errors.not-found') + scenario('@id:errors-two @rule:errors.bodies @needs:errors.not-found'))]);
    assert.deepEqual(report.problems, []);
    assert.equal(report.ok, true);
    assert.equal(report.scenarios, 2);
    assert.deepEqual(report.coverage, { 'errors.not-found': ['errors-one'], 'errors.bodies': ['errors-two'] });
    assert.deepEqual(report.rulesByLevel, { must: 1, implied: 0, reference: 1 });
  });

  it('reports a rule without a scenario', () => {
    const report = checkTraceability(catalog({ id: 'errors.not-found' }, { id: 'errors.allow-header' }),
      [feature(scenario('@id:errors-one @rule:errors.not-found'))]);
    assert.equal(report.ok, false);
    assert.deepEqual(report.problems, ['rule errors.allow-header (must) has no scenario']);
  });

  it('reports a scenario that names an unknown rule', () => {
    const report = checkTraceability(catalog({ id: 'errors.not-found' }, { id: 'errors.other' }),
      [feature(scenario('@id:errors-one @rule:errors.nope') + scenario('@id:errors-two @rule:errors.not-found') + scenario('@id:errors-three @rule:errors.other'))]);
    assert.deepEqual(report.problems, ['features/15-errors.feature:4 "a scenario": @rule:errors.nope is not in features/rules.json']);
  });

  it('one scenario, one rule: more @rule tags are reported, @needs must name known rules other than its own', () => {
    const report = checkTraceability(catalog({ id: 'errors.not-found' }, { id: 'errors.other' }, { id: 'errors.bodies', level: 'reference' }), [feature(
      scenario('@id:errors-one @rule:errors.not-found @rule:errors.other', 'two rules') +
      scenario('@id:errors-two @rule:errors.bodies @needs:errors.nope @needs:errors.bodies', 'bad needs') +
      scenario('@id:errors-three @rule:errors.other @needs:errors.not-found', 'good needs'))]);
    assert.deepEqual(report.problems, [
      'features/15-errors.feature:4 "two rules": has 2 @rule tags (errors.not-found, errors.other); a scenario checks one rule: make the others @needs: or another scenario',
      'features/15-errors.feature:8 "bad needs": @needs:errors.nope is not in features/rules.json',
      'features/15-errors.feature:8 "bad needs": @needs:errors.bodies is also its @rule',
    ]);
  });

  it('reports a duplicate @id, with both places', () => {
    const report = checkTraceability(catalog({ id: 'errors.not-found' }),
      [feature(scenario('@id:errors-one @rule:errors.not-found', 'first') + scenario('@id:errors-one @rule:errors.not-found', 'second'))]);
    assert.deepEqual(report.problems, [
      'features/15-errors.feature:8 "second": @id:errors-one is already used by features/15-errors.feature:4 "first"',
    ]);
  });

  it('checks ids per Examples row: an outline with one @id for two rows repeats it', () => {
    const outline = `
  @id:errors-outline @rule:errors.not-found
  Scenario Outline: row <n>
    Given no routes

    Examples:
      | n |
      | 1 |
      | 2 |
`;
    const report = checkTraceability(catalog({ id: 'errors.not-found' }), [feature(outline)]);
    assert.equal(report.scenarios, 2);
    assert.deepEqual(report.problems, ['features/15-errors.feature:10 "row 2": @id:errors-outline is already used by features/15-errors.feature:9 "row 1"']);
  });

  it('accepts one @id per Examples block and inherits @rule from a Gherkin Rule', () => {
    const outline = `
  @rule:errors.not-found
  Rule: r
    Scenario Outline: row <n>
      Given no routes

      @id:errors-row-one
      Examples:
        | n |
        | 1 |

      @id:errors-row-two
      Examples:
        | n |
        | 2 |
`;
    const report = checkTraceability(catalog({ id: 'errors.not-found' }), [feature(outline)]);
    assert.deepEqual(report.problems, []);
    assert.deepEqual(report.coverage['errors.not-found'], ['errors-row-one', 'errors-row-two']);
  });

  it('reports a missing @id, two @ids, a missing @rule and a malformed @id', () => {
    const report = checkTraceability(catalog({ id: 'errors.not-found' }), [feature(
      scenario('@rule:errors.not-found', 'no id') +
      scenario('@id:errors-a @id:errors-b @rule:errors.not-found', 'two ids') +
      scenario('@id:errors-c', 'no rule') +
      scenario('@id:Errors_D @rule:errors.not-found', 'bad id'),
    )]);
    assert.deepEqual(report.problems, [
      'features/15-errors.feature:4 "no id": needs exactly one @id tag, has 0',
      'features/15-errors.feature:8 "two ids": needs exactly one @id tag, has 2 (@id:errors-a @id:errors-b)',
      'features/15-errors.feature:12 "no rule": has no @rule tag',
      'features/15-errors.feature:16 "bad id": @id:Errors_D is not of the form <section>-<slug> (lower case, digits, hyphens)',
      'features/15-errors.feature:16 "bad id": @id:Errors_D must start with the section of one of its rules (errors)',
    ]);
  });

  it('reports an @id whose section is not one of its rules\' sections', () => {
    const report = checkTraceability(catalog({ id: 'errors.not-found' }), [feature(scenario('@id:params-x @rule:errors.not-found'))]);
    assert.deepEqual(report.problems, ['features/15-errors.feature:4 "a scenario": @id:params-x must start with the section of one of its rules (errors)']);
  });

  it('reports unknown capabilities, @capability:routing and mistyped tag prefixes', () => {
    const report = checkTraceability(catalog({ id: 'errors.not-found' }), [feature(
      scenario('@id:errors-a @rule:errors.not-found @capability:teleport @capability:routing @rules:errors.not-found'))]);
    assert.deepEqual(report.problems, [
      'features/15-errors.feature:4 "a scenario": unknown tag @rules:errors.not-found (known: @id:, @rule:, @needs:, @capability:, @server:)',
      'features/15-errors.feature:4 "a scenario": unknown @capability:teleport (protocol §5: routing, groups, middleware, route-middleware, resources, named-routes, url-generation, injection, form-requests, models, views, base-controller, factory-content, factory-redirects, factory-api, route-files)',
      'features/15-errors.feature:4 "a scenario": @capability:routing is implicit, leave it out',
    ]);
  });

  it('reports route notation that does not compile', () => {
    const body = `
  @id:errors-a @rule:errors.not-found
  Scenario: bad routes
    Given the routes:
      """
      $router->options('/x', fn() => 'x');
      """
`;
    const report = checkTraceability(catalog({ id: 'errors.not-found' }), [feature(body)]);
    assert.equal(report.problems.length, 1);
    assert.match(report.problems[0]!, /"bad routes": the routes of "the routes:" do not compile: .*unknown router method "options"/);
  });

  it('reports a feature file that does not parse', () => {
    const report = checkTraceability(catalog({ id: 'errors.not-found' }), [{ uri: 'features/x.feature', data: 'Feature: x\n  Scenario: a\n    Given x\n      """\n      never closed\n' }]);
    assert.equal(report.ok, false);
    assert.match(report.problems[0]!, /^features\/x\.feature: does not parse: /);
  });

  it('validates the catalog: id shape, duplicates, level, statement, catches, unknown fields', () => {
    const rules = {
      version: 1, spec: 's',
      rules: [
        { id: 'errors.ok', section: 'Errors', level: 'must', statement: 's', catches: 'c' },
        { id: 'errors.ok', section: 'Errors', level: 'must', statement: 's', catches: 'c' },
        { id: 'Errors.Bad', section: 'Errors', level: 'must', statement: 's', catches: 'c' },
        { id: 'errors.level', section: 'Errors', level: 'should', statement: 's' },
        { id: 'errors.empty', section: 'Errors', level: 'reference', statement: '  ' },
        { id: 'errors.no-catches', section: 'Errors', level: 'implied', statement: 's' },
        { id: 'errors.extra', section: 'Errors', level: 'reference', statement: 's', note: 'x' },
      ],
    };
    const report = checkTraceability(rules, []);
    const catalogProblems = report.problems.filter((p) => p.startsWith('rules.json'));
    assert.deepEqual(catalogProblems, [
      'rules.json rules[1] (errors.ok): id errors.ok appears more than once',
      'rules.json rules[2] (Errors.Bad): id "Errors.Bad" does not match /^[a-z][a-z0-9]*(\\.[a-z0-9-]+)+$/',
      'rules.json rules[3] (errors.level): level "should" is not one of must, implied, reference',
      'rules.json rules[4] (errors.empty): statement is empty',
      'rules.json rules[5] (errors.no-catches): a implied rule needs "catches": the broken implementation its scenarios catch',
      'rules.json rules[6] (errors.extra): unknown field(s) note',
    ]);
  });

  it('rejects a catalog that is not {version, spec, rules}', () => {
    assert.deepEqual(checkTraceability([], []).problems, ['rules.json: expected an object {"version": 1, "spec": ..., "rules": [...]}']);
  });

  it('formats a failure as a list and a success as one line', () => {
    const bad = checkTraceability(catalog({ id: 'errors.not-found' }), []);
    assert.equal(formatReport(bad), [
      '1 traceability problem(s):',
      '  - rule errors.not-found (must) has no scenario',
      'traceability: 1 rules (1 must, 0 implied, 0 reference), 0 scenarios in 0 feature files: FAILED',
    ].join('\n'));
  });

  it('passes on the real features/ and rules.json (properties included)', () => {
    const { catalog: real, features } = loadRepository(ROOT);
    const report = checkTraceability(real, features);
    assert.deepEqual(report.problems, []);
    assert.ok(report.rules >= 80, `at least 80 rules, got ${report.rules}`);
    assert.ok(report.scenarios >= 200, `at least 200 scenarios, got ${report.scenarios}`);
    // The IDs the properties are tagged with must exist whatever else changes in the catalog.
    for (const id of ['params.constraint-regex', 'params.default-constraint', 'params.anchored', 'params.literal-static',
      'dispatch.extract-by-name', 'dispatch.method-filter', 'errors.not-found', 'errors.method-not-allowed',
      'errors.allow-header', 'errors.allow-exact', 'groups.prefix', 'groups.nested-prefix', 'resources.routes',
      'resources.names', 'named.name', 'url.fill-segments', 'url.query-string', 'url.round-trip']) {
      assert.ok(id in report.coverage, `rules.json lacks ${id}`);
    }
  });
});

describe('route notation', () => {
  it('compiles verbs, chains, groups, resources and the three closures', () => {
    const statements = parseRoutes(`
      $router->get('/users/{id:[0-9]+}', [EchoController::class, 'int'])->middleware('TraceA')->name('users.show');
      $router->group(['prefix' => '/admin', 'middleware' => [TraceA::class, 'TraceB']], function ($r) {
          $r->delete('/x/{a}', fn(...$args) => $args)->name('x')->middleware(['TraceC']);
      });
      $router->resource('photos', PhotoController::class); // a comment
      $router->patch('/j', fn() => ['kind' => 'x', 'list' => [1, -2.5, true, null], 'empty' => []]);
    `);
    assert.deepEqual(statements, [
      { method: 'GET', uri: '/users/{id:[0-9]+}', handler: { controller: 'EchoController', action: 'int' },
        chain: [{ middleware: 'TraceA' }, { name: 'users.show' }] },
      { group: { prefix: '/admin', middleware: ['TraceA', 'TraceB'] }, routes: [
        { method: 'DELETE', uri: '/x/{a}', handler: { closure: 'args' }, chain: [{ name: 'x' }, { middleware: ['TraceC'] }] },
      ] },
      { resource: 'photos', controller: 'PhotoController' },
      { method: 'PATCH', uri: '/j', handler: { closure: 'json', value: { kind: 'x', list: [1, -2.5, true, null], empty: [] } } },
    ]);
  });

  it('keeps PHP string semantics: single quotes keep backslashes, double quotes decode escapes', () => {
    const [single, double] = parseRoutes(`$router->get('/d/{n:\\d+}', fn() => 'it\\'s');\n$router->get("/e\\u{e9}", fn() => "a\\tb\\d");`);
    assert.deepEqual(single, { method: 'GET', uri: '/d/{n:\\d+}', handler: { closure: 'text', value: "it's" } });
    assert.deepEqual(double, { method: 'GET', uri: '/eé', handler: { closure: 'text', value: 'a\tb\\d' } });
  });

  it('rejects what the spec API does not have, with line and column', () => {
    const cases: [string, RegExp][] = [
      [`$router->options('/x', fn() => 'x');`, /line 1, column 10: unknown router method "options"/],
      [`$router->get('/x', fn() => 'x')`, /expected ";", found the end of the routes/],
      [`$router->get('/x', fn() => 'x')->where('id', '[0-9]+');`, /a Route supports middleware\(\) and name\(\), not where\(\)/],
      [`$router->group(['as' => 'admin.'], function ($router) {});`, /unknown group attribute 'as'/],
      [`$router->group(['middleware' => 'TraceA'], function ($router) {});`, /'middleware' must be a list/],
      [`$router->get('/x', 'Controller@action');`, /a handler is \[Controller::class, 'method'\] or a closure/],
      [`$router->get('/x', fn($id) => $id);`, /the closure with named parameters is written fn\(\$alpha, \$beta\) => \[\$alpha, \$beta\]/],
      [`\n  $router->get('/x, fn() => 'x');`, /line 2, column 31: unterminated string/],
      [`$r->get('/x', fn() => 'x');`, /expected \$router \(the router this block receives\), found \$r/],
    ];
    for (const [source, message] of cases) assert.throws(() => parseRoutes(source), message, source);
  });
});

describe('the spec in the repository', () => {
  const fs = require('node:fs') as typeof import('node:fs');
  const copy = path.join(ROOT, 'spec', 'routing-and-controllers.md');

  it('is the spec the rules are written against: every rule section is a heading of it', () => {
    const headings = fs.readFileSync(copy, 'utf8').split('\n').filter((l) => l.startsWith('#')).map((l) => l.replace(/^#+\s*/, '').replace(/`/g, ''));
    const rules = (JSON.parse(fs.readFileSync(path.join(ROOT, 'features', 'rules.json'), 'utf8')) as { spec: string; rules: Array<{ id: string; section: string }> });
    assert.equal(rules.spec, path.basename(copy));
    for (const r of rules.rules) {
      const parts = r.section.split(' / ');
      for (const part of parts) assert.ok(headings.some((h) => h.startsWith(part)), `${r.id}: "${part}" is no heading of spec/${path.basename(copy)}`);
    }
  });

  it('is a faithful copy of the shared spec when that is present (../shared/spec)', { skip: !fs.existsSync(path.join(ROOT, '..', 'shared', 'spec', 'routing-and-controllers.md')) && 'no ../shared/spec here' }, () => {
    assert.equal(fs.readFileSync(copy, 'utf8'), fs.readFileSync(path.join(ROOT, '..', 'shared', 'spec', 'routing-and-controllers.md'), 'utf8'),
      'spec/routing-and-controllers.md differs from ../shared/spec: copy the new spec and review the rules against it');
  });
});
