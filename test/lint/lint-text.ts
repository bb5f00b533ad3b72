import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint | undefined;

/**
 * The rule ids the repository's ESLint config reports for `code` as if it were the file at
 * `filePath` (relative to the repository root): how the lint tests check the config's own rules.
 */
export async function ruleIds(code: string, filePath: string): Promise<(string | null)[]> {
  eslint ??= new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId);
}
