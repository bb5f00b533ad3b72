import { randomUUID } from 'node:crypto';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The code of a failed Node call ('ENOENT', 'EEXIST', 'Z_DATA_ERROR'...); undefined for an error without one. */
export const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/**
 * Writes `data` to `target` once, for the local hosts' signed upload forms:
 * written beside the target, then linked, so a reader never sees half a file,
 * and link, unlike rename, refuses a target that exists. False when it did
 * (the form was used already); nothing is left behind either way.
 */
export async function writeOnce(target: string, data: Parameters<typeof writeFile>[1]): Promise<boolean> {
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.${randomUUID()}.part`;
  await writeFile(partial, data);
  try {
    await link(partial, target);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(partial, { force: true });
  }
}
