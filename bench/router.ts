/**
 * Router lookup benchmark: the reference matcher against find-my-way and
 * Hono's RegExpRouter on the GitHub API route table, plus the reference
 * matcher's scaling from 100 to 10,000 routes.
 *
 * Only the match function is timed (method + path → route and parameters,
 * or not found / not allowed), never the HTTP stack. Every router × case
 * pair gets its own freshly compiled loop so V8's type feedback for one
 * router never pollutes another's.
 *
 * Run: npm run bench:router   (BENCH_QUICK=1 for a shorter run)
 */
import FindMyWay from 'find-my-way';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { Router } from '../reference/src/routing/Router';
import { GITHUB_ROUTES, type BenchMethod } from './github-routes';
import { median } from './median';

type Lookup = readonly [method: string, path: string];
type MatchFn = (method: string, path: string) => unknown;
type Loop = (match: MatchFn, methods: readonly string[], paths: readonly string[], n: number) => number;

const QUICK = process.env['BENCH_QUICK'] === '1';
const ITERATIONS = QUICK ? 200_000 : 1_000_000;
const ROUNDS = QUICK ? 3 : 7;

// -- the three routers on the GitHub table ---------------------------------------

function toBraces(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function referenceRouter(table: ReadonlyArray<readonly [BenchMethod, string]>): Router {
  const router = new Router();
  for (const [method, path] of table) router.addRoute(method, toBraces(path), () => null);
  return router;
}

const reference = referenceRouter(GITHUB_ROUTES);
const fmw = FindMyWay();
const hono = new RegExpRouter<string>();
for (const [method, path] of GITHUB_ROUTES) {
  fmw.on(method, path, () => undefined);
  hono.add(method, path, `${method} ${path}`);
}

const CASES: Record<string, readonly Lookup[]> = {
  static: [
    ['GET', '/user/repos'],
    ['GET', '/events'],
    ['GET', '/gitignore/templates'],
    ['GET', '/search/repositories'],
    ['POST', '/markdown/raw'],
    ['DELETE', '/user/emails'],
  ],
  dynamic: [
    ['GET', '/repos/julienschmidt/httprouter/stargazers'],
    ['GET', '/users/julienschmidt/received_events/public'],
    ['GET', '/repos/julienschmidt/httprouter/issues/123/comments'],
    ['GET', '/legacy/issues/search/julienschmidt/httprouter/open/router'],
    ['GET', '/teams/42/repos/julienschmidt/httprouter'],
    ['PUT', '/user/starred/julienschmidt/httprouter'],
  ],
  'not found': [
    ['GET', '/this/route/does/not/exist'],
    ['GET', '/repos/julienschmidt/httprouter/nothing/here'],
    ['GET', '/user/unknown'],
    ['POST', '/emojis/extra'],
  ],
  'method not allowed': [
    ['DELETE', '/user/repos'],
    ['POST', '/events'],
    ['PUT', '/repos/julienschmidt/httprouter/issues/1'],
    ['PATCH', '/gists/1/star'],
  ],
};

const EXPECTED_STATUS: Record<string, number> = { static: 200, dynamic: 200, 'not found': 404, 'method not allowed': 405 };

// The cases must mean what they say, for every router.
for (const [name, lookups] of Object.entries(CASES)) {
  for (const [method, path] of lookups) {
    const status = reference.match(method, path).status;
    const expected = EXPECTED_STATUS[name];
    const found = status === 200;
    const fmwFound = fmw.find(method as BenchMethod, path) !== null;
    const honoFound = hono.match(method, path)[0].length > 0;
    if (status !== expected || fmwFound !== found || honoFound !== found) {
      throw new Error(`bench case ${name}: ${method} ${path} → reference ${status}, find-my-way ${fmwFound}, hono ${honoFound}`);
    }
  }
}

const ROUTERS: Record<string, MatchFn> = {
  reference: reference.match.bind(reference),
  'find-my-way': fmw.find.bind(fmw) as MatchFn,
  hono: hono.match.bind(hono),
};

// -- timing -------------------------------------------------------------------------

function freshLoop(): Loop {
  // A new Function per (router, case): separate code, separate type feedback.
  return new Function(
    'match',
    'methods',
    'paths',
    'n',
    `let sink = 0;
     const k = paths.length;
     for (let i = 0, j = 0; i < n; i++) {
       if (match(methods[j], paths[j]) !== null) sink++;
       if (++j === k) j = 0;
     }
     return sink;`,
  ) as Loop;
}

interface Job {
  readonly router: string;
  readonly caseName: string;
  readonly loop: Loop;
  readonly match: MatchFn;
  readonly methods: string[];
  readonly paths: string[];
  readonly samples: number[];
}

function opsPerSecond(job: Job, n: number): number {
  const start = process.hrtime.bigint();
  job.loop(job.match, job.methods, job.paths, n);
  const ns = Number(process.hrtime.bigint() - start);
  return (n / ns) * 1e9;
}

const jobs: Job[] = [];
for (const [caseName, lookups] of Object.entries(CASES)) {
  for (const [router, match] of Object.entries(ROUTERS)) {
    jobs.push({
      router,
      caseName,
      loop: freshLoop(),
      match,
      methods: lookups.map(([m]) => m),
      paths: lookups.map(([, p]) => p),
      samples: [],
    });
  }
}

for (const job of jobs) opsPerSecond(job, ITERATIONS / 4); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  // Interleave routers within each round so drift affects all of them alike.
  for (const job of jobs) job.samples.push(opsPerSecond(job, ITERATIONS));
}

function format(ops: number): string {
  return `${(ops / 1e6).toFixed(2)}M`.padStart(9);
}

console.log(`GitHub API table: ${GITHUB_ROUTES.length} routes; ${ROUNDS} rounds × ${ITERATIONS.toLocaleString('en-US')} lookups; median ops/s`);
console.log('');
console.log(`${'case'.padEnd(20)}${'reference'.padStart(11)}${'find-my-way'.padStart(13)}${'hono'.padStart(11)}${'ref/fmw'.padStart(10)}${'ref/hono'.padStart(10)}`);
const ratiosFmw: number[] = [];
const ratiosHono: number[] = [];
for (const caseName of Object.keys(CASES)) {
  const get = (router: string): number => median(jobs.find((j) => j.router === router && j.caseName === caseName)!.samples);
  const ref = get('reference');
  const f = get('find-my-way');
  const h = get('hono');
  ratiosFmw.push(ref / f);
  ratiosHono.push(ref / h);
  console.log(
    `${caseName.padEnd(20)}${format(ref).padStart(11)}${format(f).padStart(13)}${format(h).padStart(11)}${(ref / f).toFixed(2).padStart(10)}${(ref / h).toFixed(2).padStart(10)}`,
  );
}

// -- scaling of the reference matcher ------------------------------------------------

function syntheticTable(size: number): { router: Router; lookups: Lookup[] } {
  const router = new Router();
  const lookups: Lookup[] = [];
  const stride = Math.max(1, Math.floor(size / 4 / 25));
  for (let i = 0; router.routes.size < size; i++) {
    const base = `/svc${i % 37}/res${i}`;
    router.addRoute('GET', `${base}`, () => null);
    router.addRoute('GET', `${base}/{id}`, () => null);
    router.addRoute('PUT', `${base}/{id}/tags/{tag:[a-z]+}`, () => null);
    router.addRoute('GET', `${base}/{id}/file.{ext}`, () => null);
    if (i % stride === 0) {
      lookups.push(['GET', `${base}`], ['GET', `${base}/42`], ['PUT', `${base}/42/tags/red`], ['GET', `${base}/42/file.txt`]);
      lookups.push(['GET', `${base}/42/nothing`], ['DELETE', `${base}/42`]);
    }
  }
  return { router, lookups: lookups.slice(0, 150) };
}

console.log('');
console.log('reference lookup time by table size (mixed static, dynamic, 404 and 405 lookups; sizes interleaved per round):');
const SIZES = [100, 1_000, 10_000];
const scaleJobs: Job[] = SIZES.map((size) => {
  const { router, lookups } = syntheticTable(size);
  return {
    router: 'reference',
    caseName: `scale ${size}`,
    loop: freshLoop(),
    match: router.match.bind(router),
    methods: lookups.map(([m]) => m),
    paths: lookups.map(([, p]) => p),
    samples: [],
  };
});
for (const job of scaleJobs) opsPerSecond(job, ITERATIONS / 4);
for (let round = 0; round < ROUNDS; round++) for (const job of scaleJobs) job.samples.push(opsPerSecond(job, ITERATIONS));
scaleJobs.forEach((job, i) => {
  console.log(`  ${String(SIZES[i]).padStart(6)} routes: ${(1e9 / median(job.samples)).toFixed(1).padStart(7)} ns/lookup`);
});
// Ratio of lookup times within each round, then the median: drift between rounds cancels out.
const smallest = scaleJobs[0] as Job;
const largest = scaleJobs[scaleJobs.length - 1] as Job;
const scaleRatio = median(largest.samples.map((ops, i) => (smallest.samples[i] as number) / ops));
console.log(`  ${SIZES[SIZES.length - 1]} vs ${SIZES[0]} routes: ${scaleRatio.toFixed(2)}× the lookup time (median of per-round ratios; target ≤ 1.5)`);

// -- constraints that make backtracking engines explode ----------------------------------

/**
 * Worst single lookup on patterns known to backtrack catastrophically (and
 * ones the reference's linearity check sends to the linear engine), against
 * the longest segments a request may carry (URIs are limited to 8192 bytes).
 * Before decision 53, `(a+)+b` on 31 "a"s and a "!" took 26.6 s.
 */
const CATASTROPHIC = ['(a+)+b', '(a|a)*b', '(a*)*b', '(\\w+\\s?)+$', '\\d*\\d*\\d*x', '(?:a|ab)*c', '[a-z0-9-]+-[0-9]+', '.*.*=.*'];
console.log('');
console.log('worst lookup on catastrophic constraints (GET and DELETE, segments of 31 to 8180 characters; target < 100 ms):');
let worstOverall = 0;
for (const constraint of CATASTROPHIC) {
  const router = new Router();
  router.addRoute('GET', `/r/{x:${constraint}}`, () => null);
  router.addRoute('PUT', `/r/{x:${constraint}}/{y}`, () => null);
  let worst = 0;
  for (const length of [31, 1000, 8180]) {
    for (const filler of ['a', '1', '-', '=']) {
      for (const method of ['GET', 'DELETE']) {
        const path = `/r/${filler.repeat(length)}!`;
        const start = process.hrtime.bigint();
        router.match(method, path);
        worst = Math.max(worst, Number(process.hrtime.bigint() - start) / 1e6);
      }
    }
  }
  worstOverall = Math.max(worstOverall, worst);
  const engine = (router.routes.all()[0]!.pattern.tokens[1] as { whole?: { engine: string } }).whole?.engine ?? '?';
  console.log(`  {x:${constraint}}`.padEnd(30) + `${worst.toFixed(2).padStart(8)} ms  (${engine})`);
}
console.log(`  worst: ${worstOverall.toFixed(2)} ms`);

console.log('');
console.log(`router-bench: reference/find-my-way=${median(ratiosFmw).toFixed(2)} reference/hono=${median(ratiosHono).toFixed(2)}`);
