import { describe, expect, it } from 'vitest';
import { formTokenKeyFrom, formTokenKeysFromOriginSecrets } from './form-token';

describe('form-token keys from the origin secrets', () => {
  it('derives each secret once (HKDF per secret value, not per request), and again after a rotation', async () => {
    let secrets = ['first-secret'];
    const keys = formTokenKeysFromOriginSecrets({ getOriginSecrets: async () => secrets });
    const [first] = await keys.getKeys();
    const [again] = await keys.getKeys();
    expect(again).toBe(first);
    expect(first).toEqual(formTokenKeyFrom('first-secret'));
    secrets = ['second-secret', 'first-secret'];
    const rotated = await keys.getKeys();
    expect(rotated[0]).toEqual(formTokenKeyFrom('second-secret'));
    expect(rotated[1]).toBe(first);
  });
});
