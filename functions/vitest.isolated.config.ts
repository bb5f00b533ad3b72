import { defineProject } from 'vitest/config';
import { base, ISOLATED } from './vitest.config';

/** The functions tests that need a module graph of their own (vitest.config.ts, ISOLATED). */
export default defineProject({
  test: { ...base, name: 'functions-isolated', include: ISOLATED },
});
