// Makes sure the machine has what the project runs on besides Node: Java 17+
// (DynamoDB Local) and Chromium (browser tests, benchmark). As root on Debian/Ubuntu it
// installs what is missing with apt-get; otherwise it says what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
let aptUpdated = false;

function aptInstall(packages, why) {
  if (!isRoot || !hasApt) {
    throw new Error(`${why} Install it, e.g. 'sudo apt-get install -y ${packages.join(' ')}', and run again.`);
  }
  console.log(`${why} Installing ${packages.join(', ')} with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
}

function javaMajorVersion() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return 0;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(result.stderr + result.stdout);
  if (!match) return 0;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

/** Java 17 or newer on the PATH, for DynamoDB Local. */
export function ensureJava() {
  if (javaMajorVersion() >= 17) return;
  aptInstall(['openjdk-17-jre-headless'], 'DynamoDB Local needs Java 17 or newer, and none was found.');
  if (javaMajorVersion() < 17) throw new Error('Java 17+ is still not on the PATH after installing it.');
}

/** Path of a Chromium (the benchmark's Lighthouse): CHROMIUM_PATH, or Debian's /usr/bin/chromium. */
export function ensureChromium() {
  return ensureBrowser('/usr/bin/chromium', 'chromium', 'The benchmark needs Chromium');
}

/**
 * Path of the browser of the end-to-end tests: CHROMIUM_PATH, or Debian's headless Chromium
 * (chromium-headless-shell: the same engine without the desktop browser around it, as Playwright's
 * own headless runs use). On this 2-core machine it took 12% less CPU than the full browser over the
 * whole suite (590 -> 517 CPU-s, 335 -> 308 s).
 */
export function ensureTestChromium() {
  return ensureBrowser('/usr/bin/chromium-headless-shell', 'chromium-headless-shell', 'The browser tests need headless Chromium');
}

function ensureBrowser(defaultPath, aptPackage, why) {
  const path = process.env.CHROMIUM_PATH || defaultPath;
  if (existsSync(path)) return path;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${path} does not exist.`);
  aptInstall([aptPackage], `${why}, and ${defaultPath} was not found.`);
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureJava();
  console.log(`Chromium for the tests: ${ensureTestChromium()}`);
}
