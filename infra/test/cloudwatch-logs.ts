import { format } from 'node:util';

/**
 * Two pieces of CloudWatch Logs and Lambda behaviour, written out so tests can put the app's real log lines
 * through the metric filters the stack deploys.
 *
 * 1. `lambdaJsonLogLines`: what Lambda's Node.js runtime writes for console calls when the function's log format
 *    is JSON (aws-lambda-nodejs-runtime-interface-client, its console patch and formatJsonMessage): one JSON record
 *    per call, `{ timestamp, level, requestId, message }`, `level` from the console method (log and info: INFO,
 *    warn: WARN, error: ERROR, debug: DEBUG, trace: TRACE). A call with a single argument keeps it as `message`
 *    as it is: a string stays a string (JSON text inside it is not parsed), an object becomes a nested object.
 *    Several arguments are joined by util.format into one string.
 * 2. `matchesFilterPattern`: the JSON filter pattern syntax of CloudWatch Logs ("Filter pattern syntax for
 *    metric filters", JSON log events): `{ SELECTOR OP VALUE }` with `$.a.b` and `$.a[0]` selectors, `=` and `!=`
 *    on strings (quoted or bare, `*` a wildcard), `=`, `!=`, `<`, `<=`, `>`, `>=` on numbers, `IS TRUE`,
 *    `IS FALSE`, `IS NULL`, `NOT EXISTS`, joined by `&&` and `||` with parentheses. A selector naming no value
 *    matches nothing but `NOT EXISTS`; a string comparison never matches a number, an object or an array, and
 *    compares case-sensitively. A log event that is not JSON matches no JSON pattern. Anything else in the pattern
 *    throws, so a test never passes on a pattern this evaluator does not understand.
 */

const CONSOLE_LEVELS = { log: 'INFO', info: 'INFO', warn: 'WARN', error: 'ERROR', debug: 'DEBUG', trace: 'TRACE' } as const;
type ConsoleMethod = keyof typeof CONSOLE_LEVELS;

/**
 * Runs `write` with console patched as Lambda's runtime patches it under AWS_LAMBDA_LOG_FORMAT=JSON (the
 * variable set too, as Lambda sets it), and answers the lines that reach the log group.
 */
export function lambdaJsonLogLines(write: () => void, requestId = '8f5e0a8c-6b1d-4c83-9a51-1f2d3c4b5a69'): string[] {
  const lines: string[] = [];
  const saved = new Map<ConsoleMethod, unknown>();
  const savedFormat = process.env.AWS_LAMBDA_LOG_FORMAT;
  process.env.AWS_LAMBDA_LOG_FORMAT = 'JSON';
  for (const method of Object.keys(CONSOLE_LEVELS) as ConsoleMethod[]) {
    saved.set(method, console[method]);
    console[method] = (...params: unknown[]) => {
      const record: Record<string, unknown> = { timestamp: new Date().toISOString(), level: CONSOLE_LEVELS[method], requestId };
      record.message = params.length === 1 ? params[0] : format(...params);
      // The runtime writes each record on one line (a newline inside becomes a carriage return).
      lines.push(JSON.stringify(record).replace(/\n/g, '\r'));
    };
  }
  try {
    write();
  } finally {
    for (const [method, original] of saved) Object.assign(console, { [method]: original });
    if (savedFormat === undefined) delete process.env.AWS_LAMBDA_LOG_FORMAT;
    else process.env.AWS_LAMBDA_LOG_FORMAT = savedFormat;
  }
  return lines;
}

type Token = { kind: 'op' | 'word' | 'string' | 'selector'; text: string };

function tokenize(pattern: string): Token[] {
  const tokens: Token[] = [];
  const rules: [Token['kind'], RegExp][] = [
    ['op', /^(\{|\}|\(|\)|&&|\|\||!=|<=|>=|=|<|>)/],
    ['selector', /^\$(\.[A-Za-z_@][\w@-]*|\[\d+\])*/],
    ['string', /^"((?:[^"\\]|\\.)*)"/],
    ['word', /^[^\s{}()&|=!<>"]+/],
  ];
  let rest = pattern.trim();
  while (rest) {
    const rule = rules.map(([kind, re]) => [kind, re.exec(rest)] as const).find(([, match]) => match);
    if (!rule) throw new Error(`filter pattern: cannot read '${rest}'`);
    const [kind, match] = rule;
    tokens.push({ kind, text: kind === 'string' ? JSON.parse(`"${match![1]}"`) : match![0] });
    rest = rest.slice(match![0].length).trimStart();
  }
  return tokens;
}

function select(event: unknown, selector: string): unknown {
  let value: unknown = event;
  for (const [, key, index] of selector.slice(1).matchAll(/\.([^.[]+)|\[(\d+)\]/g)) {
    if (key !== undefined) value = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
    else value = Array.isArray(value) ? value[Number(index)] : undefined;
  }
  return value;
}

const wildcard = (value: string) => new RegExp(`^${value.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);

/** Whether one log event (the line as CloudWatch stores it) matches a JSON filter pattern. */
export function matchesFilterPattern(pattern: string, line: string): boolean {
  const tokens = tokenize(pattern);
  let at = 0;
  const peek = () => tokens[at];
  const take = (text?: string) => {
    const token = tokens[at++];
    if (!token || (text !== undefined && token.text !== text)) throw new Error(`filter pattern: expected ${text ?? 'more'} in '${pattern}'`);
    return token;
  };
  let event: unknown;
  try {
    event = JSON.parse(line);
  } catch {
    event = undefined;
  }

  const comparison = (): boolean => {
    if (peek()?.text === '(') {
      take('(');
      const result = or();
      take(')');
      return result;
    }
    const selector = take();
    if (selector.kind !== 'selector') throw new Error(`filter pattern: expected a selector, got '${selector.text}'`);
    const value = select(event, selector.text);
    const op = take();
    if (op.kind === 'word' && op.text === 'IS') {
      const what = take().text;
      if (what === 'TRUE') return value === true;
      if (what === 'FALSE') return value === false;
      if (what === 'NULL') return value === null;
      throw new Error(`filter pattern: IS ${what}`);
    }
    if (op.kind === 'word' && op.text === 'NOT') {
      take('EXISTS');
      return value === undefined;
    }
    if (op.kind !== 'op' || !['=', '!=', '<', '<=', '>', '>='].includes(op.text)) throw new Error(`filter pattern: operator '${op.text}'`);
    const operand = take();
    if (operand.kind === 'word' && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(operand.text)) {
      if (typeof value !== 'number') return false;
      const number = Number(operand.text);
      return { '=': value === number, '!=': value !== number, '<': value < number, '<=': value <= number, '>': value > number, '>=': value >= number }[op.text]!;
    }
    if (operand.kind !== 'string' && operand.kind !== 'word') throw new Error(`filter pattern: value '${operand.text}'`);
    if (op.text !== '=' && op.text !== '!=') throw new Error(`filter pattern: ${op.text} on a string`);
    if (typeof value !== 'string') return false;
    return wildcard(operand.text).test(value) === (op.text === '=');
  };
  const and = (): boolean => {
    let result = comparison();
    while (peek()?.text === '&&') {
      take('&&');
      result = comparison() && result;
    }
    return result;
  };
  const or = (): boolean => {
    let result = and();
    while (peek()?.text === '||') {
      take('||');
      result = and() || result;
    }
    return result;
  };

  take('{');
  const result = or();
  take('}');
  if (at !== tokens.length) throw new Error(`filter pattern: '${tokens.slice(at).map((t) => t.text).join(' ')}' after the closing brace`);
  return event !== undefined && result;
}
