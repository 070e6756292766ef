import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OutputWindows, publishAdapterOutput, SCENARIO_OUTPUT } from '../../src/target/adapterOutput';

describe('the adapter\'s stderr, scenario by scenario', () => {
  it('gives each scenario the lines written while it ran, and none written outside', () => {
    const windows = new OutputWindows();
    publishAdapterOutput('before any scenario');
    windows.start('a');
    publishAdapterOutput('[fw] Unhandled exception during GET /boom');
    const a = windows.finish('a')!;
    publishAdapterOutput('late line of a'); // within the grace: still a's
    windows.start('b'); // a's window closes at b's start
    publishAdapterOutput('line of b');
    const b = windows.finish('b')!;
    windows.closeAll();
    publishAdapterOutput('after the run');
    assert.deepEqual(a.lines, ['[fw] Unhandled exception during GET /boom', 'late line of a']);
    assert.deepEqual(b.lines, ['line of b']);
  });

  it('gives no scenario a line written while several ran at once (lanes): each counts it as shared, none shows it', () => {
    const windows = new OutputWindows();
    windows.start('a');
    publishAdapterOutput('only a runs');
    windows.start('b');
    publishAdapterOutput('whose?');
    const a = windows.finish('a')!;
    windows.closeAll();
    assert.deepEqual(a.lines, ['only a runs']);
    assert.equal(a.shared, 1);
    const b = new OutputWindows();
    b.start('b');
    publishAdapterOutput('b alone');
    assert.deepEqual(b.finish('b')!, { lines: ['b alone'], more: 0, shared: 0 });
    b.closeAll();
  });

  it('keeps a bounded, inert amount: lines clipped and counted past the limit, controls escaped, blank lines left out', () => {
    const windows = new OutputWindows();
    windows.start('a');
    publishAdapterOutput('   ');
    publishAdapterOutput('evil\u001b]0;title\u0007');
    publishAdapterOutput('x'.repeat(10_000));
    for (let i = 0; i < 100; i += 1) publishAdapterOutput(`line ${i}`);
    const a = windows.finish('a')!;
    windows.closeAll();
    assert.equal(a.lines.length, SCENARIO_OUTPUT.lines);
    assert.equal(a.more, 102 - SCENARIO_OUTPUT.lines);
    assert.equal(a.lines[0], 'evil\\x1b]0;title\\x07');
    assert.equal(a.lines[1]!.length, SCENARIO_OUTPUT.lineChars + 1);
  });

  it('an unknown scenario has no window', () => {
    assert.equal(new OutputWindows().finish('nope'), undefined);
  });
});
