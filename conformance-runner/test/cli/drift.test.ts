import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { parseArgs } from 'node:util';
import { OPTIONS } from '../../src/cli/args';
import { HELP } from '../../src/cli/help';
import { DIFF_HELP } from '../../src/diff/help';
import { MATRIX_HELP } from '../../src/matrix/help';
import { DIFF_OPTIONS } from '../../src/diff/command';
import { EXIT, EXIT_MEANINGS } from '../../src/config/exitCodes';
import { INIT_HELP, INIT_OPTIONS } from '../../src/init/command';
import { MATRIX_OPTIONS } from '../../src/matrix/command';
import { fencedBlocks } from '../protocol/markdown';

/*
 * No drift between the command and what is written about it: --help names every option the parser
 * knows and every exit status; every `fw-conformance ...` command quoted in the README and the docs
 * parses; the guide's quoted output is what the tool prints.
 */

const REPO = path.resolve(__dirname, '..', '..', '..');
const BIN = path.join(REPO, 'conformance-runner', 'bin', 'fw-conformance.js');
const DOCS = ['README.md', ...fs.readdirSync(path.join(REPO, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
  ...fs.readdirSync(path.join(REPO, 'adapters')).map((a) => `adapters/${a}/README.md`).filter((f) => fs.existsSync(path.join(REPO, f)))];

type Options = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;
const COMMANDS: Record<string, { options: Options; help: string }> = {
  '': { options: OPTIONS as unknown as Options, help: HELP },
  matrix: { options: MATRIX_OPTIONS as unknown as Options, help: MATRIX_HELP },
  diff: { options: DIFF_OPTIONS as unknown as Options, help: DIFF_HELP },
  init: { options: INIT_OPTIONS as unknown as Options, help: INIT_HELP },
};

/** Shell words of one command line: quotes joined, backslash-newlines already folded. */
function words(line: string): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (const m of line.matchAll(re)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

/** Every `fw-conformance` command in a file: lines of its code blocks and its inline code. */
function quotedCommands(file: string): { where: string; argv: string[] }[] {
  const text = fs.readFileSync(path.join(REPO, file), 'utf8');
  const found: { where: string; argv: string[] }[] = [];
  const take = (line: string, where: string) => {
    const m = /(?:^|\s|`)(?:npx |node \S*fw-conformance\.js |node "\$FW_CONFORMANCE" )?fw-conformance((?: [^`#|;&<>]*)?)/.exec(line.replace(/\s+#\s.*$/, ''));
    if (!m || /^\s*(—|-\s|is |stands|command|\.)/.test(m[1] ?? '')) return;
    const argv = words((m[1] ?? '').trim());
    // "..." stands for a value the reader fills in (--start "...").
    for (let i = 0; i < argv.length; i++) if (argv[i] === '...' || argv[i] === '…') argv[i] = 'VALUE';
    found.push({ where, argv });
  };
  for (const block of fencedBlocks(path.join(REPO, file))) {
    if (!/^(sh|bash|shell|)$/.test(block.lang ?? '')) continue;
    block.code.replace(/\\\n\s*/g, ' ').split('\n').forEach((line, i) => {
      if (/(^|\s)(npx |node \S*)?fw-conformance\b/.test(line) && !line.trimStart().startsWith('#')) take(line, `${file} (code block, line ${i + 1})`);
    });
  }
  // Inline code that is a command (not a name such as the testsuite `fw-conformance verdict`).
  for (const m of text.matchAll(/`((?:npx )?fw-conformance (?:-|matrix |diff |init )[^`]*)`/g)) take(m[1]!, `${file} (\`${m[1]}\`)`);
  return found;
}

describe('no drift between fw-conformance and its documentation', () => {
  for (const [name, { options, help }] of Object.entries(COMMANDS)) {
    it(`${name === '' ? 'fw-conformance' : `fw-conformance ${name}`} --help names every option it parses`, () => {
      const missing = Object.keys(options).filter((o) => !new RegExp(`(^|[\\s,(])--${o}\\b`, 'm').test(help));
      assert.deepEqual(missing, []);
    });
  }

  it('--help gives every exit status, with its meaning', () => {
    for (const key of Object.keys(EXIT) as (keyof typeof EXIT)[]) {
      assert.match(HELP, new RegExp(`^ *${EXIT[key]}  ${EXIT_MEANINGS[key].split(' ').slice(0, 3).join(' ')}`, 'm'), key);
    }
  });

  it('every fw-conformance command quoted in the README and the docs parses', () => {
    const bad: string[] = [];
    let count = 0;
    for (const file of DOCS) {
      for (const { where, argv } of quotedCommands(file)) {
        count += 1;
        const sub = argv[0] !== undefined && argv[0] in COMMANDS && argv[0] !== '' ? argv[0] : '';
        try {
          parseArgs({ args: sub === '' ? argv : argv.slice(1), options: COMMANDS[sub]!.options, strict: true, allowPositionals: sub !== '' });
        } catch (err) {
          bad.push(`${where}: fw-conformance ${argv.join(' ')}: ${(err as Error).message.split('\n')[0]}`);
        }
      }
    }
    assert.ok(count >= 20, `only ${count} commands found: the extraction is broken`);
    assert.deepEqual(bad, []);
  });

  it('the guide\'s first scenario prints what the guide quotes', () => {
    const guide = fs.readFileSync(path.join(REPO, 'docs', 'writing-an-adapter.md'), 'utf8');
    const section = guide.slice(guide.indexOf('## Your first scenario'), guide.indexOf('## Porting the probe catalog'));
    const quoted = /```text\n([\s\S]*?)\n```/.exec(section)?.[1];
    assert.ok(quoted, 'the section quotes the output');
    const tags = /--tags '([^']+)'/.exec(section)?.[1];
    assert.ok(tags);
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-drift-'));
    try {
      const r = spawnSync(process.execPath, [BIN, '--reference', '--tags', tags, '--out', out], { encoding: 'utf8', env, timeout: 120_000 });
      assert.equal(r.status, 0, r.stdout + r.stderr);
      const printed = new Set(r.stdout.split('\n'));
      for (const line of quoted.split('\n')) assert.ok(printed.has(line), `not printed: ${line}\n--- the tool printed:\n${r.stdout}`);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
