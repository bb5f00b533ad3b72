/** One JSON line per event, so CloudWatch and a terminal can both read it. Never pass secrets or form contents. */
export const log = {
  info: (message: string, fields: Record<string, unknown> = {}) => write('info', message, fields),
  warn: (message: string, fields: Record<string, unknown> = {}) => write('warn', message, fields),
  error: (message: string, fields: Record<string, unknown> = {}) => write('error', message, fields),
};

function write(level: string, message: string, fields: Record<string, unknown>) {
  if (process.env.LOG_LEVEL === 'silent') return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields }, (_key, value: unknown) =>
    value instanceof Error ? { name: value.name, message: value.message } : value,
  );
  if (level === 'error') console.error(line);
  else console.log(line);
}
