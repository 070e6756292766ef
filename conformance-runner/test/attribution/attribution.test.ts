import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnoseBoot } from '../../src/attribution/diagnoseBoot';
import { resolveBlocking } from '../../src/attribution/resolve';
import type { Outcome } from '../../src/model/outcome';
import type { Manifest, Statement } from '../../src/protocol/manifest';
import { attribute } from '../../src/attribution/rules';
import { rule, scenario } from '../run/results';

const order = (r: string) => ['registration.get', 'registration.closure-direct', 'groups.prefix', 'errors.allow-header', 'errors.allow-exact'].indexOf(r);
const failed = (rule: string, scenario: string, needs: string[] = [], extra: Partial<Outcome> = {}): Outcome => ({ rule, scenario, status: 'failed', needs, ...extra });
const passed = (rule: string, scenario: string, extra: Partial<Outcome> = {}): Outcome => ({ rule, scenario, status: 'passed', ...extra });

describe('blocking: one fault, one rule', () => {
  it('a failure whose prerequisite fails on its own is blocked by it; the prerequisite is the root', () => {
    const header = failed('errors.allow-header', 'h');
    const exact = failed('errors.allow-exact', 'e', ['errors.allow-header']);
    const r = resolveBlocking([header, exact], order);
    assert.deepEqual([...r.roots], ['errors.allow-header']);
    assert.equal(r.blockedBy.get(exact), 'errors.allow-header');
    assert.equal(r.blockedBy.has(header), false);
  });

  it('a failure whose prerequisites all pass is charged to its own rule', () => {
    const exact = failed('errors.allow-exact', 'e', ['errors.allow-header']);
    const r = resolveBlocking([passed('errors.allow-header', 'h'), exact], order);
    assert.deepEqual([...r.roots], ['errors.allow-exact']);
    assert.equal(r.blockedBy.size, 0);
  });

  it('a cycle is settled in catalog order: the first rule is charged and blocks the other', () => {
    const get = failed('registration.get', 'g', ['registration.closure-direct']);
    const closure = failed('registration.closure-direct', 'c', ['registration.get']);
    const r = resolveBlocking([closure, get], order);
    assert.deepEqual([...r.roots], ['registration.get']);
    assert.equal(r.blockedBy.get(closure), 'registration.get');
  });

  it('a cycle is broken among the rules of the cycle, not at an outcome that only waits on it', () => {
    const order2 = (r: string) => ['registration.chain', 'named.name', 'url.path'].indexOf(r);
    const named = failed('named.name', 'n', ['url.path']);
    const path = failed('url.path', 'p', ['named.name']);
    const chain = failed('registration.chain', 'c', ['url.path', 'named.name']);
    const r = resolveBlocking([chain, named, path], order2);
    assert.deepEqual([...r.roots], ['named.name']);
    assert.equal(r.blockedBy.get(chain), 'named.name');
    assert.equal(r.blockedBy.get(path), 'named.name');
  });

  it('a failure whose evidence names a failing rule is that rule\'s, before any cycle is weighed', () => {
    const order2 = (r: string) => ['named.name', 'url.path', 'url.no-empty-query'].indexOf(r);
    const named = failed('named.name', 'n', ['url.path'], { evidence: 'url.no-empty-query' });
    const path = failed('url.path', 'p', ['named.name'], { evidence: 'url.no-empty-query' });
    const empty = failed('url.no-empty-query', 'q', ['url.path', 'named.name']);
    const r = resolveBlocking([named, path, empty], order2);
    assert.deepEqual([...r.roots], ['url.no-empty-query']);
    assert.equal(r.blockedBy.get(named), 'url.no-empty-query');
    assert.equal(r.blockedBy.get(path), 'url.no-empty-query');
    // Evidence about a rule that passes blocks nothing.
    const alone = resolveBlocking([failed('url.path', 'p', [], { evidence: 'url.no-empty-query' }), passed('url.no-empty-query', 'q')], order2);
    assert.deepEqual([...alone.roots], ['url.path']);
  });

  it('a rule that fails only in a property while its examples pass is charged but blocks nothing', () => {
    const corner = failed('groups.prefix', 'prop', [], { property: true });
    const dependent = failed('errors.allow-exact', 'e', ['groups.prefix']);
    const r = resolveBlocking([passed('groups.prefix', 'example'), corner, dependent], order);
    assert.deepEqual([...r.roots].sort(), ['errors.allow-exact', 'groups.prefix']);
    assert.equal(r.blockedBy.size, 0);
  });

  it('errored and timed-out outcomes are never blocked', () => {
    const errored: Outcome = { rule: 'errors.allow-exact', scenario: 'e', status: 'errored', needs: ['errors.allow-header'] };
    const r = resolveBlocking([failed('errors.allow-header', 'h'), errored], order);
    assert.equal(r.blockedBy.has(errored), false);
  });

  it('attribute(): blocked rules, blocked scenarios and root causes with what they block', () => {
    const defs = [rule('errors.allow-header'), rule('errors.allow-exact', 'implied'), rule('groups.prefix')];
    const scenarios = [
      scenario('h', 'failed', ['errors.allow-header']),
      scenario('e', 'failed', ['errors.allow-exact'], 'implied', { outcomes: [failed('errors.allow-exact', 'e', ['errors.allow-header'])] }),
      scenario('g', 'passed', ['groups.prefix']),
    ];
    const a = attribute(defs, scenarios);
    assert.deepEqual(a.rules.map((r) => [r.id, r.status, r.blockedBy]), [
      ['errors.allow-header', 'failed', []], ['errors.allow-exact', 'blocked', ['errors.allow-header']], ['groups.prefix', 'passed', []],
    ]);
    assert.equal(a.scenarios.find((s) => s.id === 'e')!.status, 'blocked');
    assert.match(a.scenarios.find((s) => s.id === 'e')!.message!, /^blocked by errors\.allow-header: /);
    assert.deepEqual(a.rootCauses.map((r) => [r.rule, r.failing, r.blocks, r.blockedRules]), [['errors.allow-header', ['h'], 1, ['errors.allow-exact']]]);
  });

  it('attribute(): a refused definition\'s rule outside the selection is reported all the same', () => {
    const catalog = new Map([rule('groups.prefix'), rule('named.name')].map((r) => [r.id, r]));
    const s = scenario('g', 'failed', ['groups.prefix'], 'must', {
      outcomes: [failed('named.name', 'g'), failed('groups.prefix', 'g', ['named.name'])],
    });
    const a = attribute([rule('groups.prefix')], [s], [], catalog);
    assert.deepEqual(a.rules.map((r) => [r.id, r.status]), [['groups.prefix', 'blocked'], ['named.name', 'failed']]);
    assert.equal(a.scenarios[0]!.status, 'failed', 'the scenario is the evidence of the refused definition');
  });
});

describe('narrowing a refused boot to the refused definition', () => {
  const route = (uri: string, extra: Partial<Statement> = {}): Statement => ({ method: 'GET', uri, handler: { closure: 'text', value: 'x' }, ...extra }) as Statement;
  /** A framework that refuses whatever `refuses` says; every tried manifest is recorded. */
  const framework = (refuses: (s: Statement) => boolean) => {
    const tried: Manifest[] = [];
    const visit = (list: Statement[]): boolean => list.some((s) => refuses(s) || ('group' in s && visit(s.routes)));
    return { tried, tryBoot: async (m: Manifest) => { tried.push(m); return !Object.values(m.routeFiles).some(visit); } };
  };

  it('a chain call ->middleware() that the framework refuses belongs to registration.middleware-string', async () => {
    const f = framework((s) => 'chain' in s && (s.chain ?? []).some((c) => 'middleware' in c));
    const d = await diagnoseBoot({ protocol: 2, routeFiles: { web: [route('/a'), route('/b', { chain: [{ name: 'b' }, { middleware: 'TraceA' }] })] } }, f.tryBoot);
    assert.deepEqual(d, { rule: 'registration.middleware-string', definition: 'the chain call ->middleware("TraceA") of GET /b' });
  });

  it('a group whose closure gets no router belongs to groups.closure-router', async () => {
    const f = framework((s) => 'group' in s);
    const d = await diagnoseBoot({ protocol: 2, routeFiles: { web: [{ group: { prefix: '/g' }, routes: [route('/x')] }] } }, f.tryBoot);
    assert.equal(d?.rule, 'groups.closure-router');
  });

  it('a constraint the framework cannot compile belongs to params.constraint-regex', async () => {
    const f = framework((s) => 'uri' in s && s.uri.includes('~'));
    const d = await diagnoseBoot({ protocol: 2, routeFiles: { web: [{ group: { prefix: '/g' }, routes: [route('/x/{p:[a-z~]+}')] }] } }, f.tryBoot);
    assert.deepEqual(d, { rule: 'params.constraint-regex', definition: 'the constraint of GET /x/{p:[a-z~]+} (in a group)' });
  });

  it('route files that only fail when loaded from a provider belong to files.provider', async () => {
    const manifest: Manifest = { protocol: 2, routeFiles: { web: [route('/a')], extra: [route('/b')] }, providers: ['extra'] };
    const d = await diagnoseBoot(manifest, async (m) => (m.providers ?? []).length === 0);
    assert.equal(d?.rule, 'files.provider');
  });

  it('nothing to blame when only the combination is refused, or when names are outside the catalog', async () => {
    const both = await diagnoseBoot({ protocol: 2, routeFiles: { web: [route('/a'), route('/a')] } }, async (m) => m.routeFiles.web.length < 2);
    assert.equal(both, undefined);
    const unknown = await diagnoseBoot({ protocol: 2, routeFiles: { web: [route('/a', { chain: [{ middleware: 'NoSuchMiddleware' }] })] } }, async () => false);
    assert.equal(unknown, undefined);
  });
});
