import { loadApp, rememberAccidentalApp, type Check } from '../Check';
import { MALFORMED, MINIMAL, type MalformedManifest } from '../manifests';

function refusesMalformed(m: MalformedManifest): Check {
  return {
    id: m.id,
    section: '§2.3',
    title: `a manifest with ${m.title} gets 400 kind manifest with pointer ${m.pointer}`,
    async run(ctx, f) {
      const ex = await ctx.probe.control('POST', 'apps', { body: m.body });
      rememberAccidentalApp(ctx, ex);
      const error = f.expectError(ex, 400, 'manifest');
      if (!error) return undefined;
      if (error.pointer !== m.pointer) {
        f.fail(`§2.3: the pointer must designate the first bad field of the manifest: expected "${m.pointer}", got "${error.pointer}" ` +
          '(an RFC 6901 JSON Pointer into the request body; JSON Schema validators report it as the instance path)');
      }
      return `400 manifest at ${error.pointer}: ${error.message}`;
    },
  };
}

const load: Check = {
  id: 'load',
  section: '§2.3',
  title: 'a minimal valid manifest loads: 201 {"app": id} with id matching [A-Za-z0-9_-]{1,64}',
  async run(ctx, f) {
    const loaded = await loadApp(ctx, f, MINIMAL);
    if (loaded === undefined) return undefined;
    ctx.apps.minimal = loaded.app;
    if (loaded.routes !== undefined && loaded.routes !== 1) {
      f.warn(`§2.3: "routes" is the number of routes registered; the manifest registers 1, the adapter says ${loaded.routes}`);
    }
    return `loaded as "${loaded.app}"`;
  },
};

export const manifestChecks: Check[] = [...MALFORMED.map(refusesMalformed), load];
