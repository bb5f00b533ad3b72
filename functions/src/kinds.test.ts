import { describe, expect, it } from 'vitest';
import { allKinds, matchesPattern, type Kind } from './db/kind';
import { keys } from './db/keys';
import { kinds } from './kinds';

type Build = (...args: unknown[]) => { pk: string } | undefined;

/** What a kind's key builder is called with: 'x' for each argument, or what a kind read at a key given whole is read at. */
const SAMPLE_ARGS: Record<string, unknown[]> = { LoginAttempts: [keys.rateLimit('login-email', 'a@b.c', 0)] };
const sampleArgs = (kind: Kind) => SAMPLE_ARGS[kind.type] ?? ['x', 'x', 'x', 'x'];
/** An item whose every field is 'x': a unique marker's key is built from its owner. */
const anyItem = new Proxy({}, { get: () => 'x' });

describe('the catalog of every definition (kinds.ts)', () => {
  it('declares each partition as its key builder makes it', () => {
    for (const kind of kinds) {
      const key = (kind.key as Build)(...sampleArgs(kind));
      expect(key !== undefined && matchesPattern(kind.partition, key.pk), `${kind.type}: ${key?.pk} is not ${kind.partition}`).toBe(true);
      for (const marker of kind.markers ?? []) {
        const markerKey = (marker.key as Build)(anyItem);
        expect(markerKey !== undefined && matchesPattern(marker.partition, markerKey.pk), `${marker.type}: ${markerKey?.pk} is not ${marker.partition}`).toBe(true);
      }
    }
  });

  it('says the same of a kind wherever it is defined twice (a marker and its reader, a read of more fields)', () => {
    const first = new Map<string, Kind>();
    for (const kind of allKinds(kinds)) {
      const seen = first.get(kind.type);
      if (seen) expect({ partition: kind.partition, backup: kind.backup }, kind.type).toEqual({ partition: seen.partition, backup: seen.backup });
      else first.set(kind.type, kind);
    }
  });

  it('leaves no partition of a kind in backups to the kinds left out (they are left out by partition too)', () => {
    const all = allKinds(kinds);
    for (const left of all.filter((kind) => !kind.backup)) {
      for (const kept of all.filter((kind) => kind.backup)) {
        expect(matchesPattern(left.partition, kept.partition), `${left.type} (${left.partition}) covers ${kept.type} (${kept.partition})`).toBe(false);
      }
    }
  });
});
