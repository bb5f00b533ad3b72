// Before a synth: the site's BucketDeployment needs the built SPA. Builds it when
// web/dist is missing (and WEB_DIST does not point elsewhere); a stale build is
// fine for a synth, and `npm run deploy` always builds afresh.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
if (!process.env.WEB_DIST && !existsSync(`${root}web/dist/index.html`)) {
  console.log('web/dist is missing: building the web app first...');
  execFileSync('npm', ['run', 'build', '-w', 'web', '--silent'], { cwd: root, stdio: 'inherit' });
}
