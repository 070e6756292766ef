import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Envelope } from '@cucumber/messages';
import { CLIP } from '../../src/protocol/clip';
import { clipEnvelope } from '../../src/run/cucumber/clipEnvelope';

const LONG = 'q'.repeat(1_000_000);

function stepFinished(message: string): Envelope {
  return {
    testStepFinished: {
      testCaseStartedId: 'c', testStepId: 's', timestamp: { seconds: 0, nanos: 0 },
      testStepResult: { status: 'FAILED' as never, duration: { seconds: 0, nanos: 0 }, message, exception: { type: 'AdapterError', message, stackTrace: message } },
    },
  } as Envelope;
}

describe('clipEnvelope: what the runner keeps of cucumber\'s messages', () => {
  it('clips a step\'s message, exception message and stack, keeping their heads', () => {
    const r = clipEnvelope(stepFinished(`AdapterError: the adapter said ${LONG}`)).testStepFinished!.testStepResult;
    for (const text of [r.message!, r.exception!.message!, r.exception!.stackTrace!]) {
      assert.ok(text.length < CLIP.messageChars + 100, `${text.length} characters`);
      assert.match(text, /^AdapterError: the adapter said q+… \(1,000,031 characters, clipped to 4,000\)$/);
    }
    assert.equal(r.exception!.type, 'AdapterError');
  });

  it('returns short envelopes as they are', () => {
    const e = stepFinished('short');
    assert.equal(clipEnvelope(e), e);
  });

  it('keeps a JSON attachment JSON, with its strings clipped', () => {
    const body = JSON.stringify({ manifest: {}, exchanges: [{ response: { headers: { 'x-fw-trace': LONG }, body: { text: 'ok' } } }] });
    const e = clipEnvelope({ attachment: { body, mediaType: 'application/vnd.fw-conformance.repro+json', contentEncoding: 'IDENTITY' as never } } as Envelope);
    const kept = JSON.parse(e.attachment!.body) as { exchanges: Array<{ response: { headers: Record<string, string>; body: { text: string } } }> };
    assert.match(kept.exchanges[0]!.response.headers['x-fw-trace']!, /clipped to 10,000\)$/);
    assert.equal(kept.exchanges[0]!.response.body.text, 'ok');
  });

  it('clips other attachments as text', () => {
    const e = clipEnvelope({ attachment: { body: LONG, mediaType: 'text/plain', contentEncoding: 'IDENTITY' as never } } as Envelope);
    assert.match(e.attachment!.body, /^q+… \(1,000,000 characters, clipped to 10,000\)$/);
  });
});
