import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { writeFileAtomic } from '../../src/reports/atomic';
import { clearReportSet } from '../../src/reports/clearSet';
import { renderCucumberHtml, renderNdjson } from '../../src/reports/cucumber';
import { renderCucumberFormats, REPORT_FILES, writeReports } from '../../src/reports/write';
import { ReportWriteError } from '../../src/reports/writeError';
import { allViolations } from '../../src/protocol/schemas';
import { envelopesFor } from '../run/messages';
import { sampleReport } from './sample';
import { tempDir } from '../tempDirs';

const tmp = () => tempDir('fw-write-');

describe('atomic writes', () => {
  it('replaces the file and leaves no temporary file behind', () => {
    const dir = tmp();
    const file = path.join(dir, 'nested', 'a.json');
    writeFileAtomic(file, 'one');
    writeFileAtomic(file, 'two');
    assert.equal(fs.readFileSync(file, 'utf8'), 'two');
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['a.json']);
  });

  it('on failure, keeps the old content and removes the temporary file', () => {
    const dir = tmp();
    const target = path.join(dir, 'report.json');
    fs.mkdirSync(target); // rename() of a file over a directory fails
    fs.writeFileSync(path.join(target, 'keep'), 'old');
    assert.throws(() => writeFileAtomic(target, 'new'));
    assert.deepEqual(fs.readdirSync(dir), ['report.json']);
    assert.equal(fs.readFileSync(path.join(target, 'keep'), 'utf8'), 'old');
  });
});

describe('writeReports', () => {
  const envelopes = envelopesFor([{ id: 'a', steps: [{ status: 'PASSED' }] }, { id: 'b', steps: [{ status: 'FAILED', exception: { type: 'Error', message: 'x' } }] }]);

  it('writes every report of a complete run', async () => {
    const dir = tmp();
    const files = await writeReports(dir, sampleReport(), envelopes);
    assert.deepEqual(files.map((f) => path.basename(f)), [...REPORT_FILES]);
    assert.deepEqual(fs.readdirSync(dir).sort(), [...REPORT_FILES].sort());
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'conformance.json'), 'utf8'));
    assert.deepEqual(allViolations('report', json), []);
    assert.equal(json.complete, true);
  });

  it("writes cucumber's formats rendered ahead (while c8 reports) as it would have rendered them", async () => {
    const final = sampleReport({ coverage: { dir: 'reports/coverage', summary: 'Lines : 93%', uncovered: 'reports/coverage/uncovered.md' } });
    const provisional = sampleReport({ coverage: null, timing: { ...final.timing, wallMs: final.timing.wallMs - 700 } });
    const [ahead, plain] = [tmp(), tmp()];
    await writeReports(ahead, final, envelopes, renderCucumberFormats(envelopes, provisional));
    await writeReports(plain, final, envelopes);
    for (const name of REPORT_FILES) assert.equal(fs.readFileSync(path.join(ahead, name), 'utf8'), fs.readFileSync(path.join(plain, name), 'utf8'), name);
  });

  it('writes valid reports marked incomplete for an interrupted run (no testRunFinished)', async () => {
    const dir = tmp();
    const partial = envelopesFor([{ id: 'a', steps: [{ status: 'PASSED' }] }, { id: 'b', steps: [{ status: 'PASSED' }], unfinished: true }]);
    await writeReports(dir, sampleReport({ complete: false, incompleteReason: 'interrupted by SIGINT', verdict: 'fails', verdictReason: 'the run is incomplete: interrupted by SIGINT' }), partial);
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'conformance.json'), 'utf8'));
    assert.deepEqual(allViolations('report', json), []);
    assert.equal(json.complete, false);
    assert.equal(json.incompleteReason, 'interrupted by SIGINT');
    assert.match(fs.readFileSync(path.join(dir, 'badge.svg'), 'utf8'), />incomplete</);
    assert.match(fs.readFileSync(path.join(dir, 'conformance.md'), 'utf8'), /\*\*Incomplete run:\*\* interrupted by SIGINT/);
    assert.match(fs.readFileSync(path.join(dir, 'cucumber.html'), 'utf8'), /<\/html>\s*$/);
  });

  it('writes conformance.json first: a full disk later leaves it whole, and the error names the file and what was written (issue 38)', async () => {
    const dir = tmp();
    const full = (file: string, text: string) => {
      if (path.basename(file) === 'junit.xml') throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      writeFileAtomic(file, text);
    };
    const err = await writeReports(dir, sampleReport(), envelopes, undefined, undefined, full).then(() => undefined, (e: unknown) => e as ReportWriteError);
    assert.ok(err instanceof ReportWriteError, String(err));
    assert.equal(err.file, path.join(dir, 'junit.xml'));
    assert.equal(err.reason, 'no space left on the device (ENOSPC)');
    assert.deepEqual(err.written.map((f) => path.basename(f)), ['conformance.json', 'conformance.md', 'conformance.html', 'badge.svg']);
    assert.deepEqual(allViolations('report', JSON.parse(fs.readFileSync(path.join(dir, 'conformance.json'), 'utf8'))), []);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['badge.svg', 'conformance.html', 'conformance.json', 'conformance.md']);
  });

  it('a bug of a renderer or writer stays a bug: only the file system\'s errors are the environment\'s', async () => {
    const broken = () => { throw new TypeError('x is undefined'); };
    await assert.rejects(writeReports(tmp(), sampleReport(), envelopes, undefined, undefined, broken), TypeError);
  });

  it('overwrites the reports of a previous run', async () => {
    const dir = tmp();
    await writeReports(dir, sampleReport({ seed: 1 }), envelopes);
    await writeReports(dir, sampleReport({ seed: 2 }), envelopes);
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'conformance.json'), 'utf8')).seed, 2);
    assert.deepEqual(fs.readdirSync(dir).sort(), [...REPORT_FILES].sort());
  });
});

describe('cucumber reports from collected messages', () => {
  const envelopes = envelopesFor([{ id: 'a', steps: [{ status: 'PASSED' }] }]);

  it('cucumber.ndjson has one JSON message per line', () => {
    const lines = renderNdjson(envelopes).trimEnd().split('\n');
    assert.equal(lines.length, envelopes.length);
    assert.deepEqual(lines.map((l) => JSON.parse(l)), JSON.parse(JSON.stringify(envelopes)));
    assert.equal(renderNdjson(envelopes, envelopes.map((e) => JSON.stringify(e))), renderNdjson(envelopes), 'the same from the JSON made as they arrived');
  });

  it('cucumber.html is a whole HTML page carrying the messages', async () => {
    const html = await renderCucumberHtml(envelopes);
    assert.match(html, /^<!DOCTYPE html>/i);
    assert.ok(html.includes('@id:a'));
  });
});

describe('writeReports after a run that was killed while writing', () => {
  const envelopes = envelopesFor([{ id: 'a', steps: [{ status: 'PASSED' }] }]);

  it('clears the previous set first (conformance.json first) and removes stale temporary files', async () => {
    const dir = tmp();
    await writeReports(dir, sampleReport(), envelopes);
    // What a SIGKILL during the next write leaves: a temporary file of a dead process.
    const stale = '.conformance.md.999999999.abc123.tmp';
    fs.writeFileSync(path.join(dir, stale), 'half');
    clearReportSet(dir, REPORT_FILES);
    assert.deepEqual(fs.readdirSync(dir), [], 'no report of the previous run, no temporary file');
    fs.writeFileSync(path.join(dir, stale), 'half');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    await writeReports(dir, sampleReport(), envelopes);
    assert.deepEqual(fs.readdirSync(dir).sort(), [...REPORT_FILES, 'notes.txt'].sort(), 'other files are kept');
  });

  it('keeps the temporary files of a process that is still running', async () => {
    const dir = tmp();
    const live = `.conformance.md.${process.ppid}.abc.tmp`;
    fs.writeFileSync(path.join(dir, live), 'writing');
    await writeReports(dir, sampleReport(), envelopes);
    assert.ok(fs.existsSync(path.join(dir, live)));
  });
});
