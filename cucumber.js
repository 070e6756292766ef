/**
 * Development profile: `npx cucumber-js` against an adapter that is already running
 * (FW_TARGET_URL / FW_TARGET_TOKEN, by default the reference adapter on 127.0.0.1:8181 with token t).
 * The fw-conformance command does not use this file: it passes its own options to cucumber's API.
 */
const worldParameters = {
  target: {
    url: process.env.FW_TARGET_URL ?? 'http://127.0.0.1:8181',
    token: process.env.FW_TARGET_TOKEN ?? 't',
  },
  requestTimeoutMs: Number(process.env.FW_REQUEST_TIMEOUT_MS ?? 10000),
  seed: Number(process.env.FW_SEED ?? 42),
  numRuns: Number(process.env.FW_NUM_RUNS ?? 100),
};

module.exports = {
  default: {
    // Absolute: cucumber requires these from its own folder.
    requireModule: [require('node:path').join(__dirname, 'scripts', 'register.js')],
    require: ['steps/**/*.ts'],
    // No `paths`: cucumber's default is features/**/*.{feature,feature.md}, and paths given in a
    // profile are added to those on the command line, so `npx cucumber-js features/04-params.feature`
    // would still run everything.
    worldParameters,
  },
};
