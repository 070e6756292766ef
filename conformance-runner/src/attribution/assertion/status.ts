import type { Finding } from '../../model/finding';
import { ranToken } from './answer';
import { conversionOf } from './conversion';
import { spanLetThrough } from './evidence';
import type { Context, Judgement, Out } from './index';
import { CONVERSIONS, manifestRules } from '../features';

/** A status that is not the expected one: what the answer shows the assertion stood on. */

export function judgeStatus(f: Finding, ctx: Context, out: Out, unreachedBy: (needs: Iterable<string>) => Judgement): Judgement {
  const expected = f.expected;
  const status = f.status!;
  // Redirected before any handler ran: nothing of the manifest took the request.
  if ((expected === 404 || expected === 405) && status >= 300 && status < 400 && f.trace?.length === 0) return out([]);
  // A route took a request it must not (it answered, or its method made a 404 a 405): what rejects
  // requests in this manifest stood in the way.
  if (((expected === 404 || expected === 405) && status < 400) || (expected === 404 && status === 405)) {
    const reach = ctx.manifest ? manifestRules(ctx.manifest).reach : [];
    const constraint = reach.includes('params.constraint-regex') ? ['params.constraint-regex'] : [];
    // A parameter route's handler answered: the default constraint let it take the request.
    const defaultConstraint = reach.includes('params.segment') && ranToken(f) !== undefined && status < 300 ? ['params.default-constraint'] : [];
    // A 405 where no route of any method matches is the 404 mechanism's, unless a constraint let one
    // match, or a parameter without one took more than its segment (the Allow the answer lists shows which).
    const spanned = expected === 404 && status === 405 && spanLetThrough(f.allow, f, ctx.manifest) ? ['params.default-constraint'] : [];
    return out(expected === 404 && status === 405 ? [...constraint, ...spanned, 'errors.not-found'] : [...constraint, ...defaultConstraint]);
  }
  // A 404 where the URI exists under other methods: the 405 mechanism, or those routes never registered.
  if (expected === 405 && status === 404) {
    const j = unreachedBy([...(ctx.manifest ? manifestRules(ctx.manifest).reach : []), ...ctx.declared]);
    return { ...j, foundations: ctx.subject.includes('errors.method-not-allowed') ? [] : ['errors.method-not-allowed'] };
  }
  // The action ran and the answer failed after it: the conversion of what it returned.
  const action = ranToken(f)?.replace(/^action:/, '');
  if (status >= 500 && action !== undefined) {
    const conversion = CONVERSIONS[action];
    return out(conversion !== undefined ? [conversion] : []);
  }
  // Another status than the handler's Response gave: sending it as it is may be what broke.
  return out([], undefined, conversionOf(f));
}
