import { serve } from '../src';
import { createApplication } from './bootstrap/app';

const port = Number(process.env['PORT'] ?? 8080);
const host = process.env['HOST'] ?? '127.0.0.1';

serve(createApplication(), { port, host }).then(
  () => process.stdout.write(`Reference example listening on http://${host}:${port}\n`),
  (error: unknown) => {
    process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
