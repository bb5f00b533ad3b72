// npm run dev: Vite with hot reload on PORT (3000), proxying /api to the API,
// which tsx restarts on every change, on API_PORT (3001).
import { spawn } from 'node:child_process';
import { root } from './build-if-needed.mjs';
import { ensureJava } from './system-deps.mjs';

if (!process.env.DYNAMODB_ENDPOINT) ensureJava();
const apiPort = process.env.API_PORT ?? '3001';
// Run the tools' entry points with this Node directly (not through npx), so
// signals reach them and they stop the server and DynamoDB Local in turn.
const bin = (path) => `${root}node_modules/${path}`;
const children = [
  spawn(process.execPath, [bin('tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'functions/src/local/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, SERVE_WEB: '0' },
  }),
  spawn(process.execPath, [bin('vite/bin/vite.js')], {
    cwd: `${root}web`,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stopAll = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
for (const child of children) child.on('exit', () => stopAll('SIGTERM'));
