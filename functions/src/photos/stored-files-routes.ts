import type { Context } from 'hono';
import type { AppEnv } from '../app-deps';
import { log } from '../lib/log';

/** Deletes stored files (photos, attachments, staged uploads) after their entry is gone; a leftover file is logged, not an error. */
export async function removeFiles(c: Context<AppEnv>, keys: string[]) {
  if (keys.length === 0 || !c.var.deps.photos) return;
  try {
    await c.var.deps.photos.remove(keys);
  } catch (error) {
    log.error('stored files not removed', { keys, error });
  }
}
