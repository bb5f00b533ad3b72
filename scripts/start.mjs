// npm start: everything the product needs on a laptop, in one process tree.
// DynamoDB Local (data in .data/), the API and the built web app on PORT (3000).
import { spawn } from 'node:child_process';
import { buildIfNeeded, root } from './build-if-needed.mjs';
import { ensureJava } from './system-deps.mjs';

if (!process.env.DYNAMODB_ENDPOINT) ensureJava();
buildIfNeeded();

const server = spawn(process.execPath, ['functions/dist/local-server.js'], { cwd: root, stdio: 'inherit' });
// Ctrl-C reaches the server through the terminal; a kill of this script is passed on.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
