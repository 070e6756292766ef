import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AdapterError, RequestTimeoutError } from '../../src/protocol';
import { TYPESCRIPT_LOADER } from '../../src/config/loader';
import { openTarget, stopAllTargets, TargetError, type Target } from '../../src/target';
import { eventually, fakeCommand, isRunning, probe, REPO, startFake, stillPending } from './fakes';

after(() => stopAllTargets());

async function startFailure(name: string, startTimeoutMs = 10_000): Promise<TargetError> {
  try {
    const target = await openTarget({ start: fakeCommand(name), startTimeoutMs });
    await target.stop();
  } catch (err) {
    assert.ok(err instanceof TargetError, `expected a TargetError, got ${String(err)}`);
    return err;
  }
  assert.fail(`${name} started`);
}

describe('start: happy path', { timeout: 60_000 }, () => {
  it('starts the command through the shell with PORT, TOKEN, HOST and extra env, and reads info', async () => {
    const target = await openTarget({
      start: `echo "extra=$FW_TEST_EXTRA host=$HOST port=$PORT"; ${fakeCommand('healthy')}`,
      env: { FW_TEST_EXTRA: 'given', PORT: '1' }, // PORT from env must not win
      startTimeoutMs: 10_000,
    });
    try {
      const port = Number(new URL(target.address.url).port);
      assert.equal(target.address.url, `http://127.0.0.1:${port}`);
      assert.match(target.address.token, /^[0-9a-f]{32}$/);
      assert.equal(target.info.protocol, 2);
      assert.equal(target.info.implementation.name, 'fake');
      assert.match(target.outputTail(), new RegExp(`extra=given host=127\\.0\\.0\\.1 port=${port}`));
      assert.match(target.outputTail(), /fake adapter listening/);
      const loaded = await target.client.loadApp({ protocol: 2, routeFiles: { web: [] } });
      assert.equal(loaded.ok, true);
    } finally {
      await target.stop();
    }
  });

  it('gives every start its own port and token', async () => {
    const [a, b] = await Promise.all([startFake('healthy'), startFake('healthy')]);
    try {
      assert.notEqual(a.address.url, b.address.url);
      assert.notEqual(a.address.token, b.address.token);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('passes the adapter\'s lines to log', async () => {
    const lines: string[] = [];
    const target = await startFake('healthy', { log: (l) => lines.push(l) });
    await target.stop();
    assert.ok(lines.some((l) => /^starting adapter: node .*healthy\.js" \(PORT=\d+\)$/.test(l)), lines.join('\n'));
    assert.ok(lines.some((l) => /fake adapter listening/.test(l)), lines.join('\n'));
  });
});

describe('start: failures', { timeout: 60_000 }, () => {
  it('gives up on an adapter that never listens, naming the command, the port and its output', async () => {
    const err = await startFailure('never-listens', 1000);
    assert.match(err.message, /^the adapter command "node ".*never-listens\.js"" did not answer on port \d+ within 1 s/);
    assert.match(err.message, /last attempt: connection refused/);
    assert.match(err.message, /Last output of the command:\n {2}\| fake adapter: loading the framework\.\.\./);
    assert.match(err.outputTail ?? '', /loading the framework/);
  });

  it('tells an adapter that answers, but never 200, from one that does not answer', async () => {
    // 3 s: the fake must start and answer at least once in time, on a loaded machine too.
    const err = await startFailure('info-fails', 3000);
    assert.match(err.message, /info-fails\.js"" answers on port \d+, but GET \/__fw\/info did not answer 200 within 3 s \(last answer: 503 \{"error":\{"kind":"internal","message":"the framework failed to boot"\}\}\)/);
  });

  it('fails at once on a 5xx from GET /__fw/info, the framework\'s error once in the message', async () => {
    const started = Date.now();
    const err = await startFailure('boot-500', 20_000);
    assert.ok(Date.now() - started < 8000, `failed after ${Date.now() - started} ms, not at once`);
    assert.match(err.message, /^the adapter command "node ".*boot-500\.js"" is up on port \d+, but GET \/__fw\/info answered 500 \(Fatal error: {2}Uncaught Error: Failed opening required 'vendor\/autoload\.php' in adapter\/index\.php:11\): the adapter fails before it can answer/);
    assert.equal(err.message.split('\n')[0]!.includes('Last output'), false, 'one line says what happened');
    assert.equal(err.message.match(/PHP Fatal error/g)?.length, 1, err.message);
    assert.match(err.message, /\| \[1001\] .*Development Server .* started {2}\(×4\)/);
  });

  it('waits on a 502 (a proxy whose upstream is not up yet), as on a 503', async () => {
    const err = await startFailure('info-502', 1500);
    assert.match(err.message, /info-502\.js"" answers on port \d+, but GET \/__fw\/info did not answer 200 within 1\.5 s \(last answer: 502 /);
  });

  it('reports an adapter that exits at once, with its exit code and stderr', async () => {
    const err = await startFailure('exits-immediately');
    assert.match(err.message, /exits-immediately\.js"" exited with code 2 before answering GET \/__fw\/info on port \d+/);
    assert.match(err.message, /\| fatal: cannot find the framework bootstrap file bootstrap\/app\.php/);
  });

  it('reports a command the shell cannot find', async () => {
    try {
      await openTarget({ start: 'fw-conformance-no-such-command --serve', startTimeoutMs: 10_000 });
      assert.fail('started');
    } catch (err) {
      assert.ok(err instanceof TargetError);
      assert.match(err.message, /"fw-conformance-no-such-command --serve" exited with code 127/);
      assert.match(err.message, /not found/);
    }
  });

  it('says when the adapter ignores the TOKEN it was given', async () => {
    const err = await startFailure('refuses-token');
    assert.match(err.message, /refused the token it was given: GET \/__fw\/info answered 401/);
    assert.match(err.message, /TOKEN taken from its environment/);
  });

  it('reports a schema-invalid info naming the missing field, and stops the process', async () => {
    const err = await startFailure('info-without-protocol');
    assert.match(err.message, /does not follow protocol 2 in GET \/__fw\/info \(§2\.2\)/);
    assert.match(err.message, /must have required property 'protocol'/);
    assert.ok(err.cause instanceof AdapterError);
    const origin = /http:\/\/127\.0\.0\.1:\d+/.exec(err.message)?.[0];
    assert.ok(origin, err.message);
    assert.equal(await probe(origin), 'refused', 'the adapter must be stopped when its info is rejected');
  });
});

describe('attach', { timeout: 60_000 }, () => {
  it('attaches to a running adapter with its token', async () => {
    const started = await startFake('healthy');
    try {
      const attached = await openTarget({ target: started.address.url, token: started.address.token });
      assert.deepEqual(attached.info, started.info);
      assert.equal(attached.outputTail(), '');
      assert.equal(await stillPending(attached.died), true);
      await attached.stop();
      await attached.stop();
      assert.equal(await probe(started.address.url), 'answered', 'stopping an attached target must not stop the adapter');
    } finally {
      await started.stop();
    }
  });

  it('says clearly that a wrong token was refused', async () => {
    const started = await startFake('healthy');
    try {
      await assert.rejects(openTarget({ target: `${started.address.url}/`, token: 'wrong' }), (err: unknown) => {
        assert.ok(err instanceof TargetError);
        assert.match(err.message, new RegExp(`the adapter at ${started.address.url.replace(/\./g, '\\.')} refused the token: GET /__fw/info answered 401`));
        return true;
      });
    } finally {
      await started.stop();
    }
  });

  it('says when nothing listens at the URL', async () => {
    const started = await startFake('healthy');
    const url = started.address.url;
    await started.stop();
    await assert.rejects(openTarget({ target: url, token: 't' }), (err: unknown) => {
      assert.ok(err instanceof TargetError);
      assert.match(err.message, /nothing answers at http:\/\/127\.0\.0\.1:\d+ \(connection refused\)/);
      return true;
    });
  });
});

describe('a started target during the run', { timeout: 60_000 }, () => {
  it('resolves died with the exit code and output when the adapter dies mid-run', async () => {
    // 1 request while polling + 1 for info: the 3rd request is the last one.
    const target = await startFake('dies-mid-run', { env: { FAKE_DIE_AFTER: '3' } });
    try {
      await target.client.loadApp({ protocol: 2, routeFiles: { web: [] } }).catch(() => undefined);
      const death = await target.died;
      assert.equal(death.code, 3);
      assert.equal(death.signal, null);
      assert.match(death.outputTail, /simulated crash after 3 requests/);
      await assert.rejects(target.client.info(), (err: unknown) => err instanceof AdapterError);
    } finally {
      await target.stop();
    }
  });

  it('turns a schema-invalid app-loaded answer into an AdapterError naming the field', async () => {
    const target = await startFake('apps-answer-empty');
    try {
      await assert.rejects(target.client.loadApp({ protocol: 2, routeFiles: { web: [] } }), (err: unknown) => {
        assert.ok(err instanceof AdapterError);
        assert.match(err.message, /POST \/__fw\/apps: app-loaded message at "\/" must have required property 'app'/);
        return true;
      });
    } finally {
      await target.stop();
    }
  });

  it('turns a request that never gets an answer into a RequestTimeoutError', async () => {
    const target = await startFake('hangs', { requestTimeoutMs: 300 });
    try {
      await assert.rejects(target.client.loadApp({ protocol: 2, routeFiles: { web: [] } }), (err: unknown) => {
        assert.ok(err instanceof RequestTimeoutError);
        assert.equal(err.name, 'RequestTimeoutError');
        assert.match(err.message, /POST \/__fw\/apps did not answer within 300 ms/);
        return true;
      });
    } finally {
      await target.stop();
    }
  });
});

describe('stop', { timeout: 60_000 }, () => {
  it('stops the whole process tree, is idempotent, and leaves died pending', async () => {
    const target = await startFake('spawns-child');
    const match = /wrapper pid (\d+) child pid (\d+)/.exec(target.outputTail());
    assert.ok(match, target.outputTail());
    const [wrapper, child] = [Number(match[1]), Number(match[2])];
    assert.ok(isRunning(wrapper) && isRunning(child));
    const first = target.stop();
    const second = target.stop();
    await Promise.all([first, second]);
    await target.stop();
    assert.equal(isRunning(wrapper), false, 'the wrapper still runs');
    assert.equal(isRunning(child), false, 'the adapter child still runs');
    assert.equal(await probe(target.address.url), 'refused');
    assert.equal(await stillPending(target.died), true, 'died must not resolve for a stop we asked for');
  });

  it('kills an adapter that ignores SIGTERM after the grace period', async () => {
    const target = await startFake('ignores-sigterm', { stopTimeoutMs: 300 });
    await target.stop();
    assert.match(target.outputTail(), /ignoring SIGTERM/);
    assert.equal(await probe(target.address.url), 'refused');
  });

  it('waits until a c8-wrapped adapter has written its coverage', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-c8-'));
    try {
      const c8 = path.join(REPO, 'node_modules', '.bin', 'c8');
      const target = await openTarget({
        start: `${JSON.stringify(c8)} --temp-directory ${JSON.stringify(dir)} --reporter=text-summary ${fakeCommand('healthy')}`,
        startTimeoutMs: 20_000,
      });
      await target.stop();
      const written = fs.readdirSync(dir).filter((f) => /^coverage-.*\.json$/.test(f));
      assert.ok(written.length > 0, `no coverage file in ${dir}; output:\n${target.outputTail()}`);
      assert.match(target.outputTail(), /Coverage summary/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stopAllTargets stops every started adapter', async () => {
    const targets: Target[] = await Promise.all([startFake('healthy'), startFake('healthy')]);
    await stopAllTargets();
    for (const t of targets) assert.equal(await probe(t.address.url), 'refused');
    await Promise.all(targets.map((t) => t.stop())); // still fine afterwards
  });

  it('killAllTargetsSync signals every started adapter at once', async () => {
    const { killAllTargetsSync } = await import('../../src/target');
    const target = await startFake('healthy');
    killAllTargetsSync();
    assert.equal(await eventually(async () => (await probe(target.address.url)) === 'refused'), true);
    await target.stop();
  });
});

describe('stop with a request in flight', { timeout: 60_000 }, () => {
  it('does not wait for a hanging request to time out', async () => {
    const target = await startFake('hangs', { requestTimeoutMs: 60_000 });
    const inFlight = target.client.loadApp({ protocol: 2, routeFiles: { web: [] } });
    const outcome = inFlight.then(() => 'answered', (err: Error) => err.name);
    await new Promise((r) => setTimeout(r, 200)); // let the request reach the adapter
    await target.stop();
    // The request ends because the adapter is gone, not because 60 s passed (the suite timeout would fire first).
    assert.equal(await outcome, 'AdapterError');
  });
});

describe('a runner that dies without cleaning up', { timeout: 60_000 }, () => {
  it('leaves no adapter running: killed with SIGKILL, its adapter group is stopped by the guard', async () => {
    // A runner process that starts the wrapper fake, prints its pids, then is killed where no
    // exit handler runs (as V8 running out of heap would end it).
    const script = `
      const { openTarget } = require(${JSON.stringify(path.join(REPO, 'conformance-runner', 'src', 'target'))});
      openTarget({ start: ${JSON.stringify(fakeCommand('spawns-child'))}, startTimeoutMs: 20000 }).then((t) => {
        process.stdout.write(t.outputTail() + '\\n');
        setInterval(() => {}, 1000);
      });`;
    const runner = spawn(process.execPath, ['-r', TYPESCRIPT_LOADER, '-e', script], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const pids = await new Promise<[number, number]>((resolve, reject) => {
      runner.stdout!.on('data', (d: Buffer) => {
        out += d;
        const m = /wrapper pid (\d+) child pid (\d+)/.exec(out);
        if (m) resolve([Number(m[1]), Number(m[2])]);
      });
      runner.on('exit', () => reject(new Error(`the runner exited first: ${out}`)));
    });
    assert.ok(pids.every(isRunning));
    runner.kill('SIGKILL');
    // The wrapper ignores SIGTERM (like foreground-child) but exits with its child; the guard's SIGKILL follows 3 s later anyway.
    assert.ok(await eventually(() => !pids.some(isRunning), 10_000), `still running: ${pids.filter(isRunning).join(', ')}`);
  });
});
