'use strict';
/**
 * The action's `args` input as fw-conformance's arguments, written NUL-separated for gate.sh
 * (`mapfile -d ''`), so that no argument is ever split or expanded again:
 *   - a JSON array of strings:            ["--tags", "@a or @b", "--seed", "1"]
 *   - several lines: one argument a line: --tags
 *                                         @a or @b
 *   - one line: words as a shell splits them, with '...' and "..." quotes and backslashes kept
 *     together, and nothing expanded ($HOME, *, `...` stay as written): --tags '@a or @b' --seed 1
 * A bad value (unbalanced quotes, JSON that is not a list of strings) exits 2 with a message.
 */
function parseArgs(input) {
  const text = input.trim();
  if (text === '') return [];
  if (text.startsWith('[')) {
    let value;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new Error(`args is not valid JSON: ${err.message}`);
    }
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new Error('args in JSON must be a list of strings, e.g. ["--seed", "1"]');
    return value;
  }
  if (text.includes('\n')) return text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  return shellWords(text);
}

function shellWords(line) {
  const words = [];
  let word = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new Error(`args has an unclosed ' quote: ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      let quoted = '';
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1])) j++;
        quoted += line[j];
      }
      if (j >= line.length) throw new Error(`args has an unclosed " quote: ${line}`);
      word = (word ?? '') + quoted;
      i = j;
    } else if (c === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[++i];
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

module.exports = { parseArgs };

if (require.main === module) {
  try {
    process.stdout.write(parseArgs(process.env.INPUT_ARGS ?? '').map((a) => `${a}\0`).join(''));
  } catch (err) {
    process.stderr.write(`fw-conformance action: ${err.message}\n`);
    process.exit(2);
  }
}
