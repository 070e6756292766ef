import * as assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { parseCommandLine } from '../../src/cli/args';
import { beginOpening } from '../../src/run/control/open';
import { stopAllTargets } from '../../src/target';
import { fakeCommand, REPO } from '../target/fakes';

after(() => stopAllTargets());

describe("a run's opening", { timeout: 30_000 }, () => {
  it('says when the adapter is spawned, before the adapter answers', async () => {
    const opening = beginOpening(parseCommandLine(['--start', fakeCommand('healthy')], REPO), REPO, REPO);
    let opened = false;
    void opening.targets.then(() => { opened = true; });
    await opening.spawned;
    assert.equal(opened, false, 'spawned is known before the target is open');
    const targets = await opening.targets;
    assert.ok('target' in targets, JSON.stringify(targets));
    await targets.target.stop();
  });

  it('settles `spawned` at once when there is nothing to spawn (attaching), before the target answers', async () => {
    const opening = beginOpening(parseCommandLine(['--target', 'http://127.0.0.1:9', '--token', 't'], REPO), REPO, REPO);
    let settled = false;
    void opening.targets.then(() => { settled = true; });
    await opening.spawned;
    assert.equal(settled, false);
    const targets = await opening.targets;
    assert.ok('error' in targets);
  });

  it('settles `spawned` when the command cannot even be started', async () => {
    const opening = beginOpening(parseCommandLine(['--start', 'true', '--start-timeout', '1000'], REPO), '/nonexistent-dir-fw', REPO);
    await opening.spawned;
    assert.ok('error' in await opening.targets);
  });
});
