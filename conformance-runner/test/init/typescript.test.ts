import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runInitCommand } from '../../src/init/command';
import { tempDir } from '../tempDirs';

/*
 * What `fw-conformance init --lang ts` writes and prints (issue 35): a skeleton of its own with
 * pinned packages, whose only framework is adapter/framework.ts, and which never touches a file
 * that exists. test/package/install.test.ts installs and runs it from the packed tarball.
 */

const REPO = path.resolve(__dirname, '..', '..', '..');
const SKELETON = ['adapter/build.ts', 'adapter/catalog.ts', 'adapter/exception.ts', 'adapter/framework.ts', 'adapter/main.ts', 'adapter/manifest.ts',
  'adapter/package.json', 'adapter/start.sh', 'adapter/trace.ts', 'adapter/tsconfig.json'];

function init(args: string[], cwd: string): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runInitCommand(args, { cwd, out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

function read(dir: string, file: string): string {
  return fs.readFileSync(path.join(dir, file), 'utf8');
}

describe('fw-conformance init --lang ts', () => {
  it('writes the skeleton, its package and its start script, and prints the commands that run it', () => {
    const dir = tempDir('fw-init-ts-');
    const { code, out } = init(['--lang', 'ts', '.'], dir);
    assert.equal(code, 0, out);
    assert.deepEqual((fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.includes('.')).sort(), SKELETON);
    assert.equal(fs.statSync(path.join(dir, 'adapter', 'start.sh')).mode & 0o111, 0o111, 'start.sh is executable');
    const next = out.slice(out.indexOf('Next:'));
    // Outside a project that has fw-conformance, the first step installs it: adapter/ reads its schemas.
    assert.match(next, /^ {2}npm install --save-dev fw-conformance +#.*\n {2}npm install --prefix adapter +#.*\n {2}npx fw-conformance --check-adapter --start adapter\/start\.sh +#/m);
    assert.doesNotMatch(out, /ts-node|TS_NODE/);
  });

  it('calls no framework outside adapter/framework.ts, and there only stubs', () => {
    const dir = tempDir('fw-init-ts-');
    assert.equal(init(['--lang', 'ts', '.'], dir).code, 0);
    for (const file of SKELETON) {
      assert.doesNotMatch(read(dir, file), /dist\/reference|\bFw\.|require\(/, `${file} calls the reference framework`);
    }
    const framework = read(dir, 'adapter/framework.ts');
    for (const method of ['route', 'middleware', 'name', 'group', 'resource']) {
      assert.match(framework, new RegExp(`^ {2}${method}\\(\\) \\{\\n {4}// TODO YOUR FRAMEWORK: .*\\n {4}throw new NotPorted\\('adapter/framework\\.ts \\(${method}\\)'\\);`, 'm'));
    }
  });

  it('--example-framework replaces adapter/framework.ts alone, by a binding to the reference framework', () => {
    const plain = tempDir('fw-init-ts-');
    const example = tempDir('fw-init-ts-');
    assert.equal(init(['--lang', 'ts', '.'], plain).code, 0);
    const { code, out } = init(['--lang', 'ts', '--example-framework', '.'], example);
    assert.equal(code, 0, out);
    for (const file of SKELETON) {
      if (file === 'adapter/framework.ts') continue;
      assert.equal(read(example, file), read(plain, file), file);
    }
    assert.match(read(example, 'adapter/framework.ts'), /createRequire\(import\.meta\.url\)\('fw-conformance\/dist\/reference\/framework\.js'\)/);
    assert.match(out, /adapter\/framework\.ts runs the skeleton on the reference framework/);
  });

  it('pins every package of adapter/package.json exactly, ajv at the suite\'s own version', () => {
    const dir = tempDir('fw-init-ts-');
    assert.equal(init(['--lang', 'ts', '.'], dir).code, 0);
    const pkg = JSON.parse(read(dir, 'adapter/package.json')) as { type: string; dependencies: Record<string, string>; devDependencies: Record<string, string> };
    assert.equal(pkg.type, 'module');
    const pins = { ...pkg.dependencies, ...pkg.devDependencies };
    assert.deepEqual(Object.keys(pins).sort(), ['@types/node', 'ajv', 'tsx', 'typescript']);
    for (const [name, version] of Object.entries(pins)) assert.match(version, /^\d+\.\d+\.\d+$/, `${name} ${version}`);
    const suite = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; engines: { node: string } };
    assert.equal(pins.ajv, suite.dependencies.ajv);
    // @types/node of the oldest Node.js the suite supports: nothing newer than it may be used.
    assert.equal(pins['@types/node']!.split('.')[0], /\d+/.exec(suite.engines.node)![0]);
  });

  it('writes a tsconfig.json without the options TypeScript 6 deprecated and 7 removed', () => {
    const dir = tempDir('fw-init-ts-');
    assert.equal(init(['--lang', 'ts', '.'], dir).code, 0);
    const options = (JSON.parse(read(dir, 'adapter/tsconfig.json')) as { compilerOptions: Record<string, unknown> }).compilerOptions;
    const lower = (key: string) => String(options[key] ?? '').toLowerCase();
    assert.ok(!['node', 'node10', 'classic'].includes(lower('moduleResolution')), `moduleResolution ${lower('moduleResolution')}`);
    assert.ok(!['amd', 'umd', 'system', 'none'].includes(lower('module')), `module ${lower('module')}`);
    assert.ok(!['es3', 'es5'].includes(lower('target')), `target ${lower('target')}`);
    for (const removed of ['baseUrl', 'outFile', 'downlevelIteration', 'charset', 'out']) assert.equal(options[removed], undefined, removed);
    assert.notEqual(options.esModuleInterop, false);
  });

  it('never overwrites a file: an adapter/package.json already there stops it before it writes anything', () => {
    const dir = tempDir('fw-init-ts-');
    fs.mkdirSync(path.join(dir, 'adapter'));
    fs.writeFileSync(path.join(dir, 'adapter', 'package.json'), '{"name":"mine"}');
    const { code, err } = init(['--lang', 'ts', '.'], dir);
    assert.equal(code, 2);
    assert.match(err, /\. already has adapter\/package\.json: init never overwrites a file/);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'adapter')), ['package.json']);
    assert.equal(read(dir, 'adapter/package.json'), '{"name":"mine"}');
  });
});
