import type { Check } from '../Check';
import { ECHO_ROUTE_NAME, UNKNOWN_APP } from '../manifests';
import { brief } from '../Probe';

const generate: Check = {
  id: 'url.generate',
  section: '§2.4',
  title: `POST /__fw/url for the named route ${ECHO_ROUTE_NAME} answers 200 {"url": ...}`,
  needs: ['named-routes', 'url-generation'],
  uses: ['echo'],
  async run(ctx, f) {
    const ex = await ctx.probe.control('POST', 'url', { body: { app: ctx.apps.echo, name: ECHO_ROUTE_NAME, params: { value: 'abc' } } });
    if (ex.response?.status === 422) {
      const error = f.expectError(ex, 422, 'url');
      if (error) f.note(`the framework could not generate a URL for the route named ${ECHO_ROUTE_NAME}: ${error.message} (the suite's named-route scenarios will tell more)`);
      return undefined;
    }
    const body = f.expectMessage<{ url: string }>(ex, 200, 'url-result', '{"url":"/fw-check/echo/abc"}');
    if (!body) return undefined;
    if (body.url !== '/fw-check/echo/abc') {
      f.note(`route GET /fw-check/echo/{value} with {"value":"abc"} should give "/fw-check/echo/abc"; got ${JSON.stringify(body.url)} (the suite's URL scenarios will tell more)`);
    }
    return `url ${JSON.stringify(body.url)}`;
  },
};

const unknownName: Check = {
  id: 'url.unknown-name',
  section: '§2.4',
  title: 'POST /__fw/url for an unknown route name answers 422 kind url',
  needs: ['url-generation'],
  uses: ['echo'],
  async run(ctx, f) {
    const ex = await ctx.probe.control('POST', 'url', { body: { app: ctx.apps.echo, name: 'fw-check.no-such-name', params: {} } });
    if (ex.response?.status === 200 && f.parse<{ url: string }>(ex, 'url-result', '{"url":...}')) {
      f.see(ex);
      f.note(`the framework generated a URL for a name no route has (${brief(ex)}); the spec does not say that generation fails, the suite judges what it returns`);
      return undefined;
    }
    const error = f.expectError(ex, 422, 'url');
    return error ? `422 url: ${error.message}` : undefined;
  },
};

const unknownApp: Check = {
  id: 'url.unknown-app',
  section: '§2',
  title: 'POST /__fw/url for an unknown app id answers 404 kind app',
  needs: ['url-generation'],
  async run(ctx, f) {
    const ex = await ctx.probe.control('POST', 'url', { body: { app: UNKNOWN_APP, name: ECHO_ROUTE_NAME, params: {} } });
    return f.expectError(ex, 404, 'app') ? '404 app' : undefined;
  },
};

const malformed: Check = {
  id: 'url.malformed',
  section: '§2.4',
  title: 'POST /__fw/url with a name that is not a string answers 400 kind manifest with pointer /name',
  needs: ['url-generation'],
  uses: ['echo'],
  async run(ctx, f) {
    const ex = await ctx.probe.control('POST', 'url', { body: { app: ctx.apps.echo, name: 7, params: {} } });
    const error = f.expectError(ex, 400, 'manifest');
    if (!error) return undefined;
    if (error.pointer !== '/name') {
      f.fail(`§2.4: a body that is not a url-request gets a pointer to its first bad field: expected "/name", got "${error.pointer}"`);
    }
    return `400 manifest at ${error.pointer}: ${error.message}`;
  },
};

type BatchAnswer = ({ url: string } | { error: { kind: string; message: string } }) & { question?: number };

const batches: Check = {
  id: 'url-batches',
  section: '§2.4.1',
  title: 'POST /__fw/urls answers each question as POST /__fw/url answers it alone, each answer naming its question, and an unknown app id with 404 kind app (info urlBatches)',
  needs: ['url-generation'],
  uses: ['echo'],
  skipUnless: (ctx) => (ctx.info.urlBatches === true ? undefined : 'the adapter does not declare urlBatches (§2.2): the runner asks every URL alone'),
  async run(ctx, f) {
    // More than a few: an adapter that mixed up larger batches only passed a check of three (issue 38).
    const questions = [
      ...['abc', 'x-y', 'b', 'c', 'd'].map((value) => ({ name: ECHO_ROUTE_NAME, params: { value } })),
      { name: 'fw-check.no-such-name', params: {} },
      ...['e', 'f'].map((value) => ({ name: ECHO_ROUTE_NAME, params: { value } })),
    ];
    const ex = await ctx.probe.control('POST', 'urls', { body: { app: ctx.apps.echo, questions } });
    const body = f.expectMessage<{ answers: BatchAnswer[] }>(ex, 200, 'url-batch-result', '{"answers":[{"question":0,"url":...} or {"question":1,"error":{"kind":"url",...}}, ...]}');
    if (!body) return undefined;
    if (body.answers.length !== questions.length) {
      f.fail(`§2.4.1: one answer per question, in order: ${questions.length} questions got ${body.answers.length} answers`);
      return undefined;
    }
    const unnamed = body.answers.every((a) => a.question === undefined);
    if (unnamed) {
      f.warn('§2.4.1: no answer names its question ("question": <its place>), so nothing shows that a batch\'s answers are in order: ' +
        'the runner asks every URL alone (as if urlBatches were not declared). Add "question" to each answer');
    } else {
      const misplaced = body.answers.map((a, k) => [a.question, k] as const).filter(([named, k]) => named !== k);
      if (misplaced.length > 0) {
        f.fail(`§2.4.1: each answer answers the question in its place and names it: ${misplaced.slice(0, 4).map(([named, k]) => `the answer in place ${k} names ${named === undefined ? 'no question' : `question ${named}`}`).join(', ')}` +
          `${misplaced.length > 4 ? `, and ${misplaced.length - 4} more` : ''}; the runner cannot use such batches and reports their questions as errors of the adapter`);
      }
    }
    for (const [i, question] of questions.entries()) {
      const alone = await ctx.probe.control('POST', 'url', { body: { app: ctx.apps.echo, ...question } });
      const single: BatchAnswer | undefined = alone.response?.status === 200 ? f.parse<{ url: string }>(alone, 'url-result', '{"url":...}')
        : alone.response?.status === 422 ? f.parse<{ error: { kind: string; message: string } }>(alone, 'error', '{"error":...}') : undefined;
      const answer = body.answers[i]!;
      if (single !== undefined && answerText(answer) !== answerText(single)) {
        f.see(alone);
        f.fail(`§2.4.1: answer ${i} (${question.name} ${JSON.stringify(question.params)}) must be what POST /__fw/url answers for it alone, ${brief(alone)}; got ${JSON.stringify(answer)}`);
      }
    }
    const unknown = await ctx.probe.control('POST', 'urls', { body: { app: UNKNOWN_APP, questions } });
    f.expectError(unknown, 404, 'app');
    return `${questions.length} answers, each naming its question, each as POST /__fw/url gives it`;
  },
};

/** What an answer says (its URL, or its error's kind and message), whatever other members it has. */
function answerText(answer: BatchAnswer): string {
  return 'url' in answer ? `url ${JSON.stringify(answer.url)}` : `${answer.error.kind} ${JSON.stringify(answer.error.message)}`;
}

export const urlChecks: Check[] = [generate, unknownName, unknownApp, malformed, batches];
