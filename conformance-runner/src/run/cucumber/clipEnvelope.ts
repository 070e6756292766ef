import type { Envelope } from '@cucumber/messages';
import { CLIP, clipStrings, clipText } from '../../protocol/clip';

/**
 * An envelope as the runner keeps it: every text a target can make long is clipped (with the clip
 * stated) before it is stored, so that no report format (cucumber.ndjson repeats a step's message
 * three times) holds a copy of a hostile answer. The steps clip their own messages
 * (steps/support/expect.ts); this bounds what other errors and attachments carry.
 */
export function clipEnvelope(envelope: Envelope): Envelope {
  if (envelope.testStepFinished) {
    const finished = envelope.testStepFinished;
    const r = finished.testStepResult;
    const message = r.message === undefined ? undefined : clipText(r.message, CLIP.messageChars);
    const exception = r.exception === undefined ? undefined : {
      ...r.exception,
      type: clipText(r.exception.type, 200),
      ...(r.exception.message === undefined ? {} : { message: clipText(r.exception.message, CLIP.messageChars) }),
      ...(r.exception.stackTrace === undefined ? {} : { stackTrace: clipText(r.exception.stackTrace, CLIP.messageChars) }),
    };
    if (message === r.message && exception?.message === r.exception?.message && exception?.stackTrace === r.exception?.stackTrace && exception?.type === r.exception?.type) return envelope;
    return { ...envelope, testStepFinished: { ...finished, testStepResult: { ...r, ...(message === undefined ? {} : { message }), ...(exception === undefined ? {} : { exception }) } } };
  }
  if (envelope.attachment && envelope.attachment.body.length > CLIP.storedChars) {
    const a = envelope.attachment;
    // Base64 is clipped on a 4-character boundary, so that what is kept still decodes.
    if (String(a.contentEncoding) !== 'IDENTITY') return { ...envelope, attachment: { ...a, body: a.body.slice(0, CLIP.storedChars - (CLIP.storedChars % 4)) } };
    return { ...envelope, attachment: { ...a, body: clipAttachmentBody(a.body, a.mediaType) } };
  }
  return envelope;
}

/** JSON attachments stay JSON (their strings clipped); other texts are clipped as text. */
function clipAttachmentBody(body: string, mediaType: string): string {
  if (/\bjson\b/i.test(mediaType)) {
    try {
      return JSON.stringify(clipStrings(JSON.parse(body), CLIP.storedChars));
    } catch {
      // Not JSON after all: clipped as text below.
    }
  }
  return clipText(body, CLIP.storedChars);
}
