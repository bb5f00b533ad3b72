import type { Context } from 'hono';
import type { Db } from '../db/client';

/** What the app needs from its host. The Lambda and the local server each provide it. */
export interface Deps {
  db: Db;
  /** The caller's IP address, as the host knows it (socket or API Gateway context). */
  clientIp: (c: Context) => string;
}

export interface AppEnv {
  Variables: { deps: Deps };
}
