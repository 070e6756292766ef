import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { markdownText, terminalLine, terminalOutput, terminalText } from '../../src/protocol/inert';

const HOSTILE = 'evil\u001b]0;pwned\u0007\u001b[2J\u0000\u0008\r\u202e';

describe('text from a target is inert', () => {
  it('on a terminal: every control character escaped, none left', () => {
    const line = terminalLine(`${HOSTILE}\n\t`);
    assert.equal(line, 'evil\\x1b]0;pwned\\x07\\x1b[2J\\x00\\x08\\x0d\\u202e\\x0a\\x09');
    assert.doesNotMatch(line, /[\u0000-\u001f\u007f-\u009f]/);
    assert.equal(terminalText('a\n\tb\u001b'), 'a\n\tb\\x1b');
    assert.equal(terminalLine('\u009b31m'), '\\x9b31m');
  });

  it('the last guard keeps the runner\'s own colours and progress line, and nothing else', () => {
    const own = '\u001b[31mFAIL\u001b[0m\r\u001b[2K[1/3] done\n';
    assert.equal(terminalOutput(own), own);
    assert.equal(terminalOutput(`target: ${HOSTILE}\n`), 'target: evil\\x1b]0;pwned\\x07\\x1b[2J\\x00\\x08\\x0d\\u202e\n');
  });

  it('in Markdown: no link, image, autolink, HTML, code span or table cell break survives', () => {
    const text = markdownText('[x](javascript:alert(1)) ![i](https://example.invalid/t.png) <https://a.b> <b>`code`</b> a|b\nnext\u001b[2J');
    assert.equal(text, '\\[x\\](javascript:alert(1)) \\!\\[i\\](https://example.invalid/t.png) &lt;https://a.b&gt; &lt;b&gt;\\`code\\`&lt;/b&gt; a\\|b next\\\\x1b\\[2J');
    assert.doesNotMatch(text, /(^|[^\\])\[/);
  });
});
