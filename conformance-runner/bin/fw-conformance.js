#!/usr/bin/env node
'use strict';
// The fw-conformance command: compiles the TypeScript sources on the fly (transpile only, CommonJS)
// with the repository's tsconfig, then runs the CLI.
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
require('ts-node').register({ transpileOnly: true, project: path.join(root, 'tsconfig.json') });
require(path.join(root, 'conformance-runner', 'src', 'cli', 'main.ts')).runCli();
