import path from 'node:path';

// functions/src/<module>/: a module is reached from outside only through its entry (`../<module>`,
// i.e. its index.ts). Its routes entry (`<module>/routes`) is for the hosts that mount routes.
// Every folder of functions/src is a module except the platform (db/, lib/, secrets/: imported
// directly) and the hosts (handlers/, local/, jobs/, and the files at the top such as app.ts).
const PLATFORM = new Set(['db', 'lib', 'secrets']);
const HOSTS = new Set(['handlers', 'local', 'jobs']);
const ENTRY = new Set(['', 'index', 'index.ts', 'index.js']);
const ROUTES_ENTRY = new Set(['routes', 'routes.ts', 'routes.js']);

function srcRoot(filename) {
  const marker = `${path.sep}functions${path.sep}src${path.sep}`;
  const at = filename.lastIndexOf(marker);
  return at === -1 ? null : filename.slice(0, at + marker.length - 1);
}

/** @type {import('eslint').Rule.RuleModule} */
export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "A module imports another module only through that module's entry file." },
    schema: [],
    messages: {
      deep: "'{{spec}}' is a deep file of the {{module}} module: import from its entry ('{{entry}}').",
      routes: "'{{spec}}': a module's routes entry is for the hosts (app.ts, handlers/, local/, jobs/).",
    },
  },
  create(context) {
    const filename = context.filename;
    const root = srcRoot(filename);
    if (!root) return {};
    const own = path.relative(root, filename).split(path.sep);
    const ownTop = own.length === 1 ? null : own[0];
    const isHost = ownTop === null || HOSTS.has(ownTop);

    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(filename), source.value));
      if (target.startsWith('..')) return;
      const [module, ...rest] = target.split(path.sep);
      if (rest.length === 0 && module.includes('.')) return; // a top-level file (app.ts)
      if (PLATFORM.has(module) || HOSTS.has(module) || module === ownTop) return;
      const inner = rest.join('/');
      if (ENTRY.has(inner)) return;
      const entry = path.relative(path.dirname(filename), path.join(root, module)) || '.';
      if (ROUTES_ENTRY.has(inner)) {
        if (!isHost) context.report({ node, messageId: 'routes', data: { spec: source.value } });
        return;
      }
      context.report({ node, messageId: 'deep', data: { spec: source.value, module, entry: entry.startsWith('.') ? entry : `./${entry}` } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default { rules: { 'module-boundaries': moduleBoundaries } };
