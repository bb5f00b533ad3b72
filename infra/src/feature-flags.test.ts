import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cdkJsonContext } from '../test/synth';

// The flags `cdk init` writes for the installed aws-cdk-lib: new behaviour that is off by default
// only so that existing apps do not change under them. This app sets them all before its first deploy.
const require = createRequire(import.meta.url);
const recommended = JSON.parse(
  readFileSync(require.resolve('aws-cdk-lib/recommended-feature-flags.json'), 'utf8'),
) as Record<string, unknown>;

describe('CDK feature flags', () => {
  it("sets every flag aws-cdk-lib recommends, to the recommended value, in cdk.json", () => {
    expect(Object.keys(recommended).length).toBeGreaterThan(50);
    const context = cdkJsonContext();
    const unset = Object.entries(recommended)
      .filter(([flag, value]) => JSON.stringify(context[flag]) !== JSON.stringify(value))
      .map(([flag, value]) => `${flag}: ${JSON.stringify(value)}`);
    expect(unset).toEqual([]);
  });
});
