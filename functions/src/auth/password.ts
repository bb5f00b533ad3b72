import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * Password hashing with scrypt (N=2^17, r=8, p=1: OWASP's recommended minimum).
 * The stored string names its own parameters, `scrypt$17$8$1$<salt>$<hash>`
 * (base64), so they can be raised later without breaking existing hashes.
 */
export const PASSWORD_LOG_N = 17;
/** The lowest cost a stored hash may name (parseHash); tests hash at it. */
const MIN_LOG_N = 14;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** scrypt needs 128 * N * r bytes (128 MiB here); Node's default cap is 32 MiB. */
const MAXMEM = 256 * 1024 * 1024;

/** A place held in a HashQueue: `run` uses it once, `release` gives it back unused. Either frees it. */
export interface HashSlot {
  run<T>(work: () => Promise<T>): Promise<T>;
  release(): void;
}

/**
 * Hashes that may run at once: one core is left for the event loop (and the
 * rest of the machine), and at most 2 of libuv's 4 threads, which file reads
 * share. On a 2-core laptop that is 1; a Lambda instance serves one request at a time anyway.
 */
const HASHES_AT_ONCE = Math.min(2, Math.max(1, availableParallelism() - 1));

/**
 * A small bound on concurrent hashing. scrypt runs on libuv's threadpool (4
 * threads by default), which file reads share, and each run keeps a core busy
 * for about a quarter of a second: unbounded, a flood of logins stalls every
 * static file. At most `maxRunning` hashes run; `maxWaiting` more wait in
 * order; beyond that `reserve` answers undefined (the login route's 503).
 */
export class HashQueue {
  private held = 0;
  private running = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(
    readonly maxRunning = HASHES_AT_ONCE,
    readonly maxWaiting = 8,
  ) {}

  /** A place for one hash (running or waiting), or undefined when all are taken. */
  reserve(): HashSlot | undefined {
    if (this.full) return undefined;
    return this.slot();
  }

  /** Runs `work` in its turn, whether or not a place is free (for staff routes, which are few). */
  wait<T>(work: () => Promise<T>): Promise<T> {
    return this.slot().run(work);
  }

  /** Whether every place is taken (a cheap early "busy" before any other work). */
  get full() {
    return this.held >= this.maxRunning + this.maxWaiting;
  }

  /** Hashes running and waiting now. */
  get size() {
    return { running: this.running, waiting: this.waiters.length, held: this.held };
  }

  private slot(): HashSlot {
    this.held += 1;
    let done = false;
    const free = () => {
      if (done) return;
      done = true;
      this.held -= 1;
    };
    return {
      run: async <T>(work: () => Promise<T>) => {
        if (done) throw new Error('hash slot already used');
        try {
          if (this.running >= this.maxRunning) await new Promise<void>((resolve) => this.waiters.push(resolve));
          else this.running += 1;
          try {
            return await work();
          } finally {
            // Hand the running place straight to the next in line, if any.
            const next = this.waiters.shift();
            if (next) next();
            else this.running -= 1;
          }
        } finally {
          free();
        }
      },
      release: free,
    };
  }
}

/** The queue of sign-in and staff hashing: every verification and every staff-made hash goes through it. */
export const hashQueue = new HashQueue();

/**
 * The public 'Request access' form's own, smaller queue: a flood of access
 * requests (from as many addresses as an attacker has) waits or is turned
 * away here and never takes the places sign-in needs.
 */
export const registrationQueue = new HashQueue(1, 4);

/** How many scrypt runs this process has started (the lockout tests count password checks with it). */
export const hashStats = { runs: 0 };

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  hashStats.runs += 1;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

interface ParsedHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [logN, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  // Bounds keep a damaged or forged item from asking for gigabytes of memory.
  if (![logN, r, p].every(Number.isInteger) || logN < 14 || logN > 20 || r < 1 || r > 16 || p < 1 || p > 4) return undefined;
  const salt = Buffer.from(parts[4]!, 'base64');
  const hash = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 16 || hash.length < 32) return undefined;
  return { logN, r, p, salt, hash };
}

/**
 * The cost of the hashes this process makes: production's 2^17, unless a test
 * run lowered it (functions/test/setup.ts) to the lowest a stored hash may name.
 * Unknown emails verify against a dummy hash of the same cost, so the timing
 * stays alike either way.
 */
let hashLogN = PASSWORD_LOG_N;

/** Tests only: make new hashes (and the dummy) at the lowest accepted cost, 8 times cheaper. */
export function hashAtLowestCost() {
  hashLogN = MIN_LOG_N;
  dummy = undefined;
}

const format = (logN: number, salt: Buffer, hash: Buffer) => ['scrypt', logN, R, P, salt.toString('base64'), hash.toString('base64')].join('$');

/** A new hash of `password`, run in `slot` when given (a place the caller reserved), else in its turn in hashQueue. */
export async function hashPassword(password: string, slot?: HashSlot): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const logN = hashLogN;
  const work = () => scryptAsync(password, salt, KEY_BYTES, { N: 2 ** logN, r: R, p: P, maxmem: MAXMEM });
  const hash = await (slot ? slot.run(work) : hashQueue.wait(work));
  return format(logN, salt, hash);
}

/**
 * A well-formed hash no password matches (its "hash" is random bytes): for an
 * account nobody may sign in to until a password is set, made without a run.
 */
export function unusablePasswordHash(): string {
  return format(hashLogN, randomBytes(SALT_BYTES), randomBytes(KEY_BYTES));
}

/**
 * Whether `password` matches the stored hash. A malformed hash never matches.
 * Runs in `slot` when given (a place the caller reserved), else waits its turn.
 */
export async function verifyPassword(password: string, stored: string, slot?: HashSlot): Promise<boolean> {
  const parsed = parseHash(stored);
  // A malformed hash still costs a full run, so it is not a faster "no".
  const { logN, r, p, salt, hash } = parsed ?? parseHash(dummyHash())!;
  const work = () => scryptAsync(password, salt, hash.length, { N: 2 ** logN, r, p, maxmem: MAXMEM });
  const candidate = await (slot ? slot.run(work) : hashQueue.wait(work));
  return timingSafeEqual(candidate, hash) && parsed !== undefined;
}

let dummy: string | undefined;
/**
 * The process's one unusable hash. Login verifies against it when the email
 * is unknown, so an unknown email costs the same scrypt run as a wrong
 * password and the timing does not tell them apart.
 */
export function dummyHash(): string {
  return (dummy ??= unusablePasswordHash());
}

/** Runs the same work as a real verification, in the same queue, and always fails. */
export async function verifyAgainstDummy(password: string, slot?: HashSlot): Promise<false> {
  await verifyPassword(password, dummyHash(), slot);
  return false;
}
