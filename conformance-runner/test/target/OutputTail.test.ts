import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OutputTail, quoteOutput } from '../../src/target/OutputTail';

describe('OutputTail', () => {
  it('keeps only the last lines', () => {
    const tail = new OutputTail(3);
    tail.write('stdout', 'one\ntwo\nthree\nfour\nfive\n');
    assert.equal(tail.text(), 'three\nfour\nfive');
  });

  it('joins a line written in pieces and keeps the unfinished one', () => {
    const tail = new OutputTail();
    tail.write('stdout', 'hel');
    tail.write('stdout', 'lo\r\nwor');
    assert.equal(tail.text(), 'hello\nwor');
  });

  it('never glues stdout and stderr half-lines together', () => {
    const tail = new OutputTail();
    tail.write('stdout', 'out-');
    tail.write('stderr', 'err line\n');
    tail.write('stdout', 'line\n');
    assert.equal(tail.text(), 'err line\nout-line');
  });

  it('truncates an endless line', () => {
    const lines: string[] = [];
    const tail = new OutputTail(10, 5, (l) => lines.push(l));
    tail.write('stdout', 'abcdefghij');
    assert.deepEqual(lines, ['abcde…']);
    assert.equal(tail.text(), 'abcde…');
  });

  it('hands every complete line to the listener', () => {
    const lines: string[] = [];
    const tail = new OutputTail(1, 100, (l) => lines.push(l));
    tail.write('stderr', 'a\nb\nc');
    assert.deepEqual(lines, ['a', 'b']);
  });

  it('quotes output for an error message, and says when there was none', () => {
    assert.equal(quoteOutput('a\nb'), '  | a\n  | b');
    assert.equal(quoteOutput(''), '  (it printed nothing)');
  });
});

describe('OutputTail names the stream of each line', () => {
  it('hands each line to onLine with its stream', () => {
    const seen: string[] = [];
    const tail = new OutputTail(10, 100, (line, stream) => seen.push(`${stream}: ${line}`));
    tail.write('stderr', 'err\n');
    tail.write('stdout', 'out\n');
    assert.deepEqual(seen, ['stderr: err', 'stdout: out']);
  });
});
