import type { Envelope, Pickle, TestRunFinished } from '@cucumber/messages';

/**
 * The message streams of a run's lanes (lanes.ts) made into one, as one cucumber run would have
 * written it: the collector, cucumber.ndjson and cucumber.html read one run.
 *
 * A lane reads each feature file it is given whole and makes every pickle of it (cucumber's line
 * filter keeps its share after that), with ids of its own, and a large file is given to several
 * lanes (lanePlan.ts). The first lane to send a document, a pickle or the run's start makes it the
 * run's; another lane's copy is dropped, and the ids of that lane's copy are mapped to the kept
 * one's in everything the lane sends after it. A copy is recognised by what it
 * is, not by when it comes: a document by its URI (its nodes paired in the order they appear, as
 * the same text parses to the same tree), a pickle by its URI and the document nodes it comes
 * from. What cucumber gives every lane the same id (step definitions and hooks, loaded once) is
 * sent once; the run finishes when every lane has, and succeeds when every lane did.
 */
export class LaneMerge {
  /** Document URI → the ids of its nodes, in order, of the copy kept. */
  private readonly documents = new Map<string, string[]>();
  /** A pickle's URI and (kept) node ids → its kept id and its steps' ids. */
  private readonly pickles = new Map<string, { id: string; steps: string[] }>();
  /** What is sent once: "meta", "source <uri>", "definition <id>", ... */
  private readonly sent = new Set<string>();
  /** A parameter type's name → the id it was sent with (cucumber gives each run's its own id). */
  private readonly keptIds = new Map<string, string>();
  private runStartedId: string | undefined;
  private readonly finishes: TestRunFinished[] = [];
  readonly warnings: string[] = [];

  constructor(private readonly lanes: number, private readonly emit: (envelope: Envelope) => void) {}

  /** The onMessage of one lane's runCucumber(). */
  lane(): (envelope: Envelope) => void {
    const ids = new Map<string, string>();
    return (envelope) => this.take(envelope, ids);
  }

  private take(received: Envelope, ids: Map<string, string>): void {
    const e = ids.size === 0 ? received : (mapIds(received, ids) as Envelope);
    if (e.meta) this.once('meta', e);
    else if (e.source) this.once(`source ${e.source.uri}`, e);
    else if (e.gherkinDocument) this.document(e, ids);
    else if (e.pickle) this.pickle(e.pickle, e, ids);
    else if (e.stepDefinition) this.once(`definition ${e.stepDefinition.id}`, e);
    else if (e.hook) this.once(`hook ${e.hook.id}`, e);
    else if (e.parameterType) this.keptOrMapped(`parameter ${e.parameterType.name}`, e.parameterType.id, e, ids);
    else if (e.undefinedParameterType) this.once(`undefined parameter ${e.undefinedParameterType.name} ${e.undefinedParameterType.expression}`, e);
    else if (e.testRunStarted) this.runStarted(e, ids);
    else if (e.testRunFinished) this.runFinished(e.testRunFinished);
    else this.emit(e);
  }

  private once(key: string, e: Envelope): void {
    if (this.sent.has(key)) return;
    this.sent.add(key);
    this.emit(e);
  }

  /** Sent by the first lane under `key`; another lane's id for it is mapped to the first's. */
  private keptOrMapped(key: string, id: string, e: Envelope, ids: Map<string, string>): void {
    const kept = this.keptIds.get(key);
    if (kept === undefined) {
      this.keptIds.set(key, id);
      this.emit(e);
    } else if (kept !== id) {
      ids.set(id, kept);
    }
  }

  private document(e: Envelope, ids: Map<string, string>): void {
    const uri = e.gherkinDocument!.uri ?? '';
    const nodes = nodeIds(e.gherkinDocument);
    const kept = this.documents.get(uri);
    if (kept === undefined) {
      this.documents.set(uri, nodes);
      this.emit(e);
      return;
    }
    if (kept.length !== nodes.length) {
      // Not the same text (a file changed while the lanes read it): its pickles keep their own ids.
      this.warnings.push(`${uri} read differently by two lanes (${kept.length} and ${nodes.length} nodes): its report may not place every scenario`);
      return;
    }
    nodes.forEach((id, i) => { if (id !== kept[i]) ids.set(id, kept[i]!); });
  }

  private pickle(pickle: Pickle, e: Envelope, ids: Map<string, string>): void {
    const key = `${pickle.uri} ${pickle.astNodeIds.join(' ')}`;
    const kept = this.pickles.get(key);
    if (kept === undefined) {
      this.pickles.set(key, { id: pickle.id, steps: pickle.steps.map((s) => s.id) });
      this.emit(e);
      return;
    }
    ids.set(pickle.id, kept.id);
    pickle.steps.forEach((s, i) => { if (kept.steps[i] !== undefined) ids.set(s.id, kept.steps[i]!); });
  }

  private runStarted(e: Envelope, ids: Map<string, string>): void {
    const id = e.testRunStarted!.id;
    if (this.runStartedId === undefined) {
      this.runStartedId = id ?? '';
      this.emit(e);
    } else if (id !== undefined && id !== this.runStartedId) {
      ids.set(id, this.runStartedId);
    }
  }

  private runFinished(finished: TestRunFinished): void {
    this.finishes.push(finished);
    if (this.finishes.length < this.lanes) return;
    const failed = this.finishes.find((f) => !f.success);
    const last = this.finishes.reduce((a, b) => (later(b.timestamp, a.timestamp) ? b : a));
    this.emit({
      testRunFinished: {
        ...(failed ?? last), success: failed === undefined, timestamp: last.timestamp,
        ...(this.runStartedId ? { testRunStartedId: this.runStartedId } : {}),
      },
    });
  }
}

function later(a: { seconds: number; nanos: number }, b: { seconds: number; nanos: number }): boolean {
  return Number(a.seconds) > Number(b.seconds) || (Number(a.seconds) === Number(b.seconds) && a.nanos > b.nanos);
}

/** The ids of a document's nodes in the order they appear (the `id` members, at any depth). */
function nodeIds(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) nodeIds(item, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (key === 'id' && typeof member === 'string') out.push(member);
      else if (typeof member === 'object') nodeIds(member, out);
    }
  }
  return out;
}

/** Members that hold ids: `id`, `…Id`, `…Ids`. Nothing else (an attachment's body) is looked at. */
const ID_MEMBER = /(?:^id|Id|Ids)$/;

/** `value` with every id in `ids` replaced by what it maps to; unchanged parts are shared, not copied. */
function mapIds(value: unknown, ids: Map<string, string>, idMember = false): unknown {
  if (typeof value === 'string') return idMember ? ids.get(value) ?? value : value;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => { const mapped = mapIds(item, ids, idMember); if (mapped !== item) changed = true; return mapped; });
    return changed ? out : value;
  }
  if (value === null || typeof value !== 'object') return value;
  let out: Record<string, unknown> | undefined;
  for (const [key, member] of Object.entries(value)) {
    if (typeof member !== 'object' && !(typeof member === 'string' && ID_MEMBER.test(key))) continue;
    const mapped = mapIds(member, ids, ID_MEMBER.test(key));
    if (mapped !== member) (out ??= { ...(value as Record<string, unknown>) })[key] = mapped;
  }
  return out ?? value;
}
