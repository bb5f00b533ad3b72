import { isOneOf } from '@app/shared-types/guards';
import { LOG_LEVELS, type LogLevel } from '@app/shared-types/settings';

/**
 * One JSON line per event, so CloudWatch and a terminal can both read it (in Lambda, the object inside the
 * runtime's JSON record: see write). Never pass secrets or form contents.
 *
 * The level: LOG_LEVEL 'silent' (tests, benches) writes nothing; otherwise
 * Settings > System (logLevel, or debug when debugMode is on) as the app last
 * read it (setLogLevel), else LOG_LEVEL, else info.
 */
export const log = {
  debug: (message: string, fields: Record<string, unknown> = {}) => write('debug', message, fields),
  info: (message: string, fields: Record<string, unknown> = {}) => write('info', message, fields),
  warn: (message: string, fields: Record<string, unknown> = {}) => write('warn', message, fields),
  error: (message: string, fields: Record<string, unknown> = {}) => write('error', message, fields),
};

const RANK: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };
let settingsLevel: LogLevel | undefined;

/** The level Settings asks for (undefined: back to LOG_LEVEL or info). */
export function setLogLevel(level: LogLevel | undefined) {
  settingsLevel = level;
}

function currentLevel(): LogLevel {
  const env = process.env.LOG_LEVEL;
  return settingsLevel ?? (isOneOf(LOG_LEVELS, env) ? env : 'info');
}

function write(level: LogLevel, message: string, fields: Record<string, unknown>) {
  if (process.env.LOG_LEVEL === 'silent') return;
  if (RANK[level] > RANK[currentLevel()]) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields }, (_key, value: unknown) =>
    value instanceof Error ? { name: value.name, message: value.message } : value,
  );
  // Deployed, Lambda's JSON log format (AWS_LAMBDA_LOG_FORMAT=JSON, infra's nodeFunction) wraps every console call
  // in its own record, {timestamp, level, requestId, message}: handed the object rather than its text, it nests it
  // as `message`, so the app's fields stay fields ($.message.level, which infra's error-log metric filter reads)
  // instead of one escaped string. The object is the line read back: the replacer above has shaped its errors.
  const entry: unknown = process.env.AWS_LAMBDA_LOG_FORMAT?.toUpperCase() === 'JSON' ? JSON.parse(line) : line;
  if (level === 'error') console.error(entry);
  else console.log(entry);
}
