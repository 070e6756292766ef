import * as path from 'node:path';

/*
 * A process that has loaded c8 before there is anything to report (run/c8Process.ts starts it
 * while the suite runs): `c8 report` spends a third of its time starting Node and loading its
 * modules, and with --coverage that came after the suite, in series. Given `c8 report`'s arguments
 * on its stdin (one JSON line), it runs c8's own command line with them, as `node c8.js ...` would;
 * it exits without doing anything when its stdin closes first (the run ended otherwise).
 *
 *   node c8Standby.js <c8's bin/c8.js>
 */
const c8Bin = process.argv[2]!;
const c8Dir = path.dirname(path.dirname(c8Bin));

// Loading ahead is only ahead: a c8 laid out otherwise loads what it needs when it runs.
for (const file of ['lib/commands/report', 'lib/parse-args', 'lib/report']) {
  try {
    require(path.join(c8Dir, file));
  } catch {
    // not there in this c8
  }
}
for (const name of ['istanbul-reports', 'istanbul-reports/lib/html', 'istanbul-reports/lib/lcovonly', 'istanbul-reports/lib/text-summary']) {
  try {
    require(require.resolve(name, { paths: [c8Dir] }));
  } catch {
    // idem
  }
}

/** Waits for `c8 report`'s arguments on stdin, then runs c8 with them, once. */
function awaitArguments(): void {
  let input = '';
  let started = false;
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    input += chunk;
    const end = input.indexOf('\n');
    if (started || end < 0) return;
    started = true;
    // Nothing more to read: the open pipe must not keep this process alive once c8 is done.
    process.stdin.destroy();
    const args = JSON.parse(input.slice(0, end)) as string[];
    process.argv = [process.argv[0]!, c8Bin, ...args];
    require(c8Bin);
  });
  process.stdin.on('end', () => {
    if (!started) process.exit(0);
  });
}

awaitArguments();
