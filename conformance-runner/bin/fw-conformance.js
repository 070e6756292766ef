#!/usr/bin/env node
'use strict';
// The fw-conformance command: compiles the TypeScript sources on the fly (ts-node, transpile only,
// CommonJS, the repository's tsconfig; cached by scripts/register.js), then runs the CLI.
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
require(path.join(root, 'scripts', 'register.js'));
require(path.join(root, 'conformance-runner', 'src', 'cli', 'main.ts')).runCli();
