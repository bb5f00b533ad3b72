import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip, gzipSync, type Gzip } from 'node:zlib';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { BackupActor } from '@app/shared-types/backup';
import { isRecord } from '@app/shared-types/guards';
import { errorCode } from '../lib/local-files';
import { reservedKeyFields } from '../lib/reserved-keys';
import type { BackupClasses } from './classify';

/**
 * The backup file: gzipped JSON lines (the product's own format, independent
 * of the table's name, so a backup restores into any table of this product).
 *
 *   line 1: the header {format, version, createdAt, createdBy, itemCount}
 *   then:   one item per line, as the DocumentClient reads it (pk, sk and the
 *           rest; JSON values only: a set or binary value is refused clearly)
 *   last:   the trailer {trailer: true, itemCount, sha256 of the item lines,
 *           hmac: the file's signature (backupMac below)}
 *
 * The signature is an HMAC-SHA256, under the host's backup key (backup-key.ts),
 * of the header line, the item count and the items' SHA-256: a file that does
 * not verify was made under another key or changed since, and is refused.
 * Format version 1 (before signatures) had no hmac: only a backup listed by the
 * host that made it (its own storage, never an upload) restores from it.
 *
 * The file is three gzip members one after the other (header, items, trailer):
 * the items are compressed as the scan reads them, to a temporary file, and
 * the header, which holds their count, is put in front when they are all
 * there. gunzip (and Node's zlib) reads concatenated members as one stream.
 */

export type Item = Record<string, NativeAttributeValue>;

export const BACKUP_FORMAT = 'kaveri-studio-backup';
export const BACKUP_FORMAT_VERSION = 2;
/** Files made before backups were signed. */
const UNSIGNED_FORMAT_VERSION = 1;
/** How many of the items' definition problems the refusal names. */
const PROBLEMS_SHOWN = 5;

/** Why a file whose signature does not verify is refused. */
export const NOT_OURS_MESSAGE = 'This backup was not made by this installation, or it was changed after it was made.';
/** Why an uploaded file of format version 1 is refused. */
export const UNSIGNED_MESSAGE =
  'This backup was made by an earlier version, before backups were signed, so it cannot be checked: restore it from the Backups list of the installation that made it, or make a new backup.';
/** A DynamoDB item is at most 400 KB; a longer line is not one of ours. */
const MAX_LINE_CHARS = 1024 * 1024;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  createdBy: BackupActor;
  itemCount: number;
}

/** A file that is not a backup this product can restore: the message says why, for the person who chose it. */
export class BackupFileError extends Error {}

/** A value DynamoDB holds that JSON cannot (a set, binary): refused when backing up. */
export class UnsupportedValueError extends Error {}

/** The signature of a file: HMAC-SHA256 under `key` of its header line, item count and items' SHA-256 (hex). */
export function backupMac(key: Buffer, headerLine: string, itemCount: number, sha256: string): string {
  return createHmac('sha256', key).update(`${BACKUP_FORMAT}\n${headerLine}\n${itemCount}\n${sha256}`).digest('hex');
}

/** Equal strings, compared in constant time. */
function sameText(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const keyText = (item: Item) => `${String(item.pk)} / ${String(item.sk)}`;

/** Throws UnsupportedValueError when `value` holds something JSON would silently change (a Set, binary, a non-finite number). */
function checkJsonValue(item: Item, value: unknown, path: string) {
  const stack: { value: unknown; path: string }[] = [{ value, path }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    const v = next.value;
    if (v instanceof Set) throw new UnsupportedValueError(`Item ${keyText(item)} holds a set at ${next.path}; backups hold JSON values only`);
    if (v instanceof Uint8Array) throw new UnsupportedValueError(`Item ${keyText(item)} holds binary data at ${next.path}; backups hold JSON values only`);
    if (typeof v === 'number' && !Number.isFinite(v)) throw new UnsupportedValueError(`Item ${keyText(item)} holds ${v} at ${next.path}`);
    if (Array.isArray(v)) v.forEach((entry, i) => stack.push({ value: entry, path: `${next.path}[${i}]` }));
    else if (typeof v === 'object' && v !== null) for (const [k, entry] of Object.entries(v)) stack.push({ value: entry, path: `${next.path}.${k}` });
  }
}

/** Resolves when `stream` can take more (backpressure), at once when it can. */
function drained(stream: Writable): Promise<void> {
  return stream.writableNeedDrain ? new Promise((resolve) => stream.once('drain', resolve)) : Promise.resolve();
}

/**
 * Writes a backup file as items arrive (from several scan segments at once):
 * each item is one line compressed into a temporary file in `dir`; finish()
 * puts the header in front and the trailer after. Nothing holds the table in memory.
 */
export class BackupWriter {
  private readonly itemsPath: string;
  private readonly gzip: Gzip;
  private readonly out: WriteStream;
  private readonly done: Promise<void>;
  private readonly hash = createHash('sha256');
  count = 0;

  constructor(
    private readonly dir: string,
    private readonly key: Buffer,
  ) {
    mkdirSync(dir, { recursive: true });
    this.itemsPath = join(dir, `backup-items-${randomUUID()}.part`);
    this.gzip = createGzip();
    this.out = createWriteStream(this.itemsPath);
    this.done = pipeline(this.gzip, this.out);
    // pipeline's own rejection is what finish() reports.
    this.done.catch(() => undefined);
  }

  /** Adds items (JS is single-threaded: lines of concurrent callers never interleave). */
  async add(items: Item[]): Promise<void> {
    for (const item of items) {
      checkJsonValue(item, item, 'item');
      const line = `${JSON.stringify(item)}\n`;
      this.hash.update(line);
      this.count += 1;
      this.gzip.write(line);
    }
    await drained(this.gzip);
  }

  /** The finished file's path (in `dir`); the caller moves or uploads it, then calls discard(). */
  async finish(header: Omit<BackupHeader, 'format' | 'version' | 'itemCount'>): Promise<{ path: string; itemCount: number; sha256: string }> {
    this.gzip.end();
    await this.done;
    const sha256 = this.hash.digest('hex');
    const full: BackupHeader = { format: BACKUP_FORMAT, version: BACKUP_FORMAT_VERSION, ...header, itemCount: this.count };
    const headerLine = JSON.stringify(full);
    const trailer = { trailer: true, itemCount: this.count, sha256, hmac: backupMac(this.key, headerLine, this.count, sha256) };
    const path = join(this.dir, `backup-${randomUUID()}.jsonl.gz`);
    const target = createWriteStream(path);
    target.write(gzipSync(`${headerLine}\n`));
    await pipeline(createReadStream(this.itemsPath), target, { end: false });
    await new Promise<void>((resolve, reject) => target.end(gzipSync(`${JSON.stringify(trailer)}\n`), (error?: Error | null) => (error ? reject(error) : resolve())));
    await rm(this.itemsPath, { force: true });
    return { path, itemCount: this.count, sha256 };
  }

  /** Removes the temporary items file (after a failure). */
  async discard(): Promise<void> {
    this.gzip.destroy();
    await rm(this.itemsPath, { force: true });
  }
}

/** The lines of a gzipped text stream, one at a time; BackupFileError when it is not gzip or ends early. */
async function* gunzippedLines(source: Readable): AsyncGenerator<string> {
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      rest += decoder.write(chunk);
      let newline = rest.indexOf('\n');
      while (newline >= 0) {
        yield rest.slice(0, newline);
        rest = rest.slice(newline + 1);
        newline = rest.indexOf('\n');
      }
      if (rest.length > MAX_LINE_CHARS) throw new BackupFileError('The file holds a line far longer than any item: it is not a backup');
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    const code = errorCode(error);
    if (code === 'Z_DATA_ERROR') throw new BackupFileError('The file is not a gzip file (a backup is a .jsonl.gz file made by Backup Now)');
    if (code === 'Z_BUF_ERROR' || code === 'ERR_STREAM_PREMATURE_CLOSE') throw new BackupFileError('The file ends early: it was cut off while being copied');
    throw error;
  } finally {
    source.unpipe(gunzip);
  }
  rest += decoder.end();
  if (rest.length > 0) yield rest;
}

function parseLine(line: string, number: number): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupFileError(`Line ${number} is not valid JSON: the file is damaged`);
  }
}

const isActor = (value: unknown): value is BackupActor =>
  isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string' && typeof value.email === 'string';

function checkHeader(value: unknown, acceptUnsigned: boolean): BackupHeader {
  if (!isRecord(value) || value.format !== BACKUP_FORMAT) throw new BackupFileError('The file is not a backup of this application (its first line is not a backup header)');
  const { version, createdAt, createdBy, itemCount } = value;
  if (version === UNSIGNED_FORMAT_VERSION && !acceptUnsigned) throw new BackupFileError(UNSIGNED_MESSAGE);
  if (version !== BACKUP_FORMAT_VERSION && version !== UNSIGNED_FORMAT_VERSION) {
    throw new BackupFileError(`The backup's format version ${String(version)} is not one this version can restore`);
  }
  if (typeof createdAt !== 'string' || !isActor(createdBy) || typeof itemCount !== 'number' || !Number.isInteger(itemCount) || itemCount < 0) {
    throw new BackupFileError('The backup header is incomplete (createdAt, createdBy, itemCount)');
  }
  return { ...value, format: BACKUP_FORMAT, version, createdAt, createdBy, itemCount };
}

function checkItem(value: unknown, number: number, classes: BackupClasses): Item & { pk: string; sk: string } {
  if (!isRecord(value)) throw new BackupFileError(`Line ${number} is not an item`);
  if (typeof value.pk !== 'string' || value.pk === '' || typeof value.sk !== 'string' || value.sk === '') {
    throw new BackupFileError(`Line ${number} is an item without its keys (pk and sk)`);
  }
  const reserved = Object.keys(reservedKeyFields(value));
  if (reserved.length > 0) throw new BackupFileError(`Line ${number} holds a field named ${reserved[0]}, which no item has`);
  if (!classes.isBackedUp(value)) throw new BackupFileError(`Line ${number} is a kind of item backups never hold (${String(value.entityType ?? value.pk)})`);
  return { ...value, pk: value.pk, sk: value.sk };
}

export interface BackupSummary {
  header: BackupHeader;
  itemCount: number;
  /** `pk \u0000 sk` of every item. */
  keys: Set<string>;
  /** What identifies the file's content: its signature (or, format 1, its checksum). */
  fingerprint: string;
}

export interface ValidateOptions {
  /** The host's backup key: the file's signature must verify under it. */
  key: Buffer;
  /** What a backup holds, by the catalog of definitions (functions/src/kinds.ts backupClasses). */
  classes: BackupClasses;
  /** Accept a file of format version 1 (unsigned): only one listed in the host's own storage. */
  acceptUnsigned?: boolean;
  /**
   * Check every item against its definition (default true; several times the cost of the rest): a restore's
   * first run does, before it writes anything; the restore routes (a request's few seconds) and a restore's
   * later runs (the same file, its fingerprint checked) do not.
   */
  definitions?: boolean;
}

/** Definition problems of the items, the first few kept word for word. */
function problemList(classes: BackupClasses) {
  const shown: string[] = [];
  let count = 0;
  return {
    add(number: number, item: Item & { pk: string; sk: string }) {
      const problem = classes.definitionProblem(item);
      if (!problem) return;
      count += 1;
      if (shown.length < PROBLEMS_SHOWN) shown.push(`line ${number}: ${problem}`);
    },
    check() {
      if (count === 0) return;
      const more = count > shown.length ? `; and ${count - shown.length} more` : '';
      throw new BackupFileError(`The backup holds ${count} item${count === 1 ? '' : 's'} this version cannot restore: ${shown.join('; ')}${more}`);
    },
  };
}

export const itemKeyText = (item: { pk?: unknown; sk?: unknown }) => `${String(item.pk)}\u0000${String(item.sk)}`;

/**
 * Reads a whole backup file and checks it, changing nothing: gzip, the
 * header and its format version, every line an item with its keys (no
 * prototype keys, no kind backups never hold, no key twice), the trailer's
 * count and checksum, its signature under the host's key (constant-time
 * compare), and every item against its definition (options.classes:
 * classify.ts definitionProblem). BackupFileError says what is wrong.
 */
export async function validateBackup(source: Readable, options: ValidateOptions): Promise<BackupSummary> {
  let header: BackupHeader | undefined;
  let headerLine = '';
  let trailer: Record<string, unknown> | undefined;
  const keys = new Set<string>();
  const hash = createHash('sha256');
  const problems = problemList(options.classes);
  const definitions = options.definitions ?? true;
  let number = 0;
  for await (const line of gunzippedLines(source)) {
    number += 1;
    if (number === 1) {
      header = checkHeader(parseLine(line, number), options.acceptUnsigned ?? false);
      headerLine = line;
      continue;
    }
    if (trailer) throw new BackupFileError(`Line ${number} follows the trailer: the file is damaged`);
    const value = parseLine(line, number);
    if (isRecord(value) && value.trailer === true) {
      trailer = value;
      continue;
    }
    const item = checkItem(value, number, options.classes);
    const key = itemKeyText(item);
    if (keys.has(key)) throw new BackupFileError(`Line ${number} repeats the item ${String(item.pk)} / ${String(item.sk)}`);
    keys.add(key);
    hash.update(`${line}\n`);
    if (definitions) problems.add(number, item);
  }
  if (!header) throw new BackupFileError('The file is empty');
  if (!trailer) throw new BackupFileError('The file ends early (no trailer): it was cut off while being copied');
  if (trailer.itemCount !== keys.size || header.itemCount !== keys.size) {
    throw new BackupFileError(`The file holds ${keys.size} items, its header says ${header.itemCount}: it is damaged`);
  }
  const sha256 = hash.digest('hex');
  if (trailer.sha256 !== sha256) throw new BackupFileError("The items do not match the file's checksum: it is damaged");
  let fingerprint = `sha256:${sha256}`;
  if (header.version !== UNSIGNED_FORMAT_VERSION) {
    const mac = backupMac(options.key, headerLine, keys.size, sha256);
    if (!sameText(trailer.hmac, mac)) throw new BackupFileError(NOT_OURS_MESSAGE);
    fingerprint = `hmac:${mac}`;
  }
  problems.check();
  return { header, itemCount: keys.size, keys, fingerprint };
}

/** The items of a file validateBackup accepted, `batchSize` at a time, after the first `skip` (read, not parsed). */
export async function* backupItems(source: Readable, classes: BackupClasses, batchSize: number, skip = 0): AsyncGenerator<Item[]> {
  let number = 0;
  let batch: Item[] = [];
  for await (const line of gunzippedLines(source)) {
    number += 1;
    if (number === 1 || number <= skip + 1) continue;
    const value = parseLine(line, number);
    if (isRecord(value) && value.trailer === true) break;
    batch.push(checkItem(value, number, classes));
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
