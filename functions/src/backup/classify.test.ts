import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allKinds } from '../db/kind';
import { keys } from '../db/keys';
import { backupClasses, kinds } from '../kinds';

const { backedUpTypes: BACKED_UP_ENTITY_TYPES, excludedTypes: EXCLUDED_ENTITY_TYPES, isBackedUp } = backupClasses;

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Every entityType the code writes, as it writes them: `entityType: '<T>'` on
 * an item, `':type': '<T>'` in an update, nextSequence(..., '<T>'), an entity's
 * `type: '<T>'` (defineEntity) and a unique marker's `name: '<T>'`.
 */
function writtenEntityTypes(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /entityType:\s*'([A-Za-z]+)'/g,
    /entityType:[^,\n]*\? '([A-Za-z]+)' : '([A-Za-z]+)'/g,
    /':type':\s*'([A-Za-z]+)'/g,
    /nextSequence\(.*?'([A-Za-z]+)'\)/g,
    /^\s+type:\s*'([A-Z][a-z][A-Za-z]*)',$/gm,
    /unique:\s*\[\{\s*name:\s*'([A-Za-z]+)'/g,
  ];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) for (const name of match.slice(1)) if (name) found.set(name, file.slice(SRC.length));
    }
  }
  return found;
}

describe('what a backup holds', () => {
  it('classifies every entityType the code writes (its definition is in the catalog, functions/src/kinds.ts)', () => {
    const written = writtenEntityTypes();
    // The scan finds the kinds it should (so it cannot pass by finding nothing).
    for (const known of ['Lead', 'LeadPhone', 'Session', 'AuditEntry', 'TransactionCounter', 'RateLimitWindow', 'EmployeeEmail', 'ContactSubmission', 'BackupJob']) {
      expect(written.has(known), known).toBe(true);
    }
    const unclassified = [...written].filter(([name]) => !BACKED_UP_ENTITY_TYPES.has(name) && !EXCLUDED_ENTITY_TYPES.has(name));
    expect(unclassified.map(([name, file]) => `${name} (${file})`)).toEqual([]);
    const both = [...BACKED_UP_ENTITY_TYPES].filter((name) => EXCLUDED_ENTITY_TYPES.has(name));
    expect(both).toEqual([]);
  });

  it('reads the kinds of the app catalog (functions/src/kinds.ts), which a module may not import: the hosts hand it over', () => {
    expect(new Set([...BACKED_UP_ENTITY_TYPES, ...EXCLUDED_ENTITY_TYPES])).toEqual(new Set(allKinds(kinds).map((kind) => kind.type)));
  });

  it('leaves out sessions, rate limits, login attempts, the audit log, the outbox, notifications and backup jobs; keeps business items and counters', () => {
    expect(isBackedUp({ ...keys.session('s'), entityType: 'Session' })).toBe(false);
    expect(isBackedUp({ ...keys.rateLimit('login-email', 'a@b.c', 0), entityType: 'LoginAttempts' })).toBe(false);
    expect(isBackedUp({ ...keys.auditEntry('x', 'y'), entityType: 'AuditEntry' })).toBe(false);
    expect(isBackedUp({ ...keys.backupJob('j'), entityType: 'BackupJob' })).toBe(false);
    expect(isBackedUp({ pk: keys.backupLock().pk, entityType: 'BackupLock' })).toBe(false);
    expect(isBackedUp({ pk: 'OUTBOX#1', sk: 'OUTBOX' })).toBe(false);
    expect(isBackedUp({ ...keys.lead('l'), entityType: 'Lead' })).toBe(true);
    expect(isBackedUp(keys.stats('LEADS', 0))).toBe(true);
    expect(isBackedUp({ ...keys.settings(), entityType: 'Settings' })).toBe(true);
    expect(isBackedUp({ ...keys.rateLibraryVersion(), entityType: 'RateLibraryVersion' })).toBe(true);
  });
});
