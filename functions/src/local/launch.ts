import { spawn, type ChildProcess } from 'node:child_process';

export interface LaunchedServer {
  url: string;
  child: ChildProcess;
  /** Sends SIGTERM (or the given signal) and waits for the process to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * Starts the local host as a child process (for tests and benchmarks) and
 * resolves once it prints its 'Listening on <url>' line. Pass PORT=0 in `env`
 * to get a free port.
 */
export async function launchLocalServer(options: {
  cwd: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<LaunchedServer> {
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`The local server did not start in time:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The local server exited with ${code}:\n${output}`));
    });
  });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, child, stop };
}
