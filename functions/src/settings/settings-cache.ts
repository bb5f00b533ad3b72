import type { MiddlewareHandler } from 'hono';
import type { SystemSettings } from '@app/shared-types/settings';
import { getSettings } from './settings-repo';
import type { AppEnv } from '../app-deps';
import { log, setLogLevel } from '../lib/log';

/**
 * Settings > System's log level (logLevel, or debug while debugMode is on) for
 * the requests of this process. Read again in the background at most every
 * REFRESH_MS (so another instance's save applies within that), and at once
 * when this process saves the settings. Never delays or fails a request: a
 * failed read keeps the level it had.
 */
export const REFRESH_MS = 30_000;

const lastRead = new Map<string, number>();
/** Moves on each save, so a read that started before it cannot undo it. */
let generation = 0;

function apply(system: Pick<SystemSettings, 'debugMode' | 'logLevel'>) {
  setLogLevel(system.debugMode ? 'debug' : system.logLevel);
}

/** This process saved the settings: their level applies from the next line on. */
export function settingsSaved(table: string, system: Pick<SystemSettings, 'debugMode' | 'logLevel'>) {
  generation += 1;
  lastRead.set(table, Date.now());
  apply(system);
}

/** The settings were replaced wholesale (a restore): the next request reads them again. */
export function settingsReplaced(table: string) {
  generation += 1;
  lastRead.delete(table);
}

export const settingsLogLevel: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db } = c.var.deps;
  const at = lastRead.get(db.table);
  if (at === undefined || Date.now() - at >= REFRESH_MS) {
    lastRead.set(db.table, Date.now());
    const started = generation;
    getSettings(db).then(
      ({ system }) => {
        if (generation === started) apply(system);
      },
      // Kept as it was; tried again after REFRESH_MS.
      () => undefined,
    );
  }
  log.debug('request', { method: c.req.method, path: c.req.path, requestId: c.var.requestId });
  await next();
};
