// `npm run lint` ("Table owners"): every D1 table belongs to one feature folder
// (worker/db/owners.ts), and only that folder's modules name it in code; another feature
// reads the data through the owner's service. For every non-test module under worker/ the
// check finds the schema tables it uses as values (named imports from worker/db/schema.ts,
// and `schema.x` through a namespace import; type-only imports and uses in types do not
// count) and reports each one its folder does not own, unless the module is on the
// allow-list of worker/db/owners.ts. It reports tables without an owner too, and owners or
// allow-list entries that name nothing. Raw SQL text is not parsed (see owners.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const SCHEMA = 'worker/db/schema.ts';
export const OWNERS = 'worker/db/owners.ts';

/** Test code may touch any table: test files, their helpers, the reliability fuzz. */
export function isTestModule(path) {
  return /\.test\.tsx?$/.test(path) || path.startsWith('worker/test/') || path.startsWith('worker/reliability/');
}

function parse(path, text) {
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** The tables of the schema: exported name → SQL name, for every `export const x = sqliteTable('name', …)`. */
export function schemaTables(schemaText) {
  const tables = new Map();
  for (const statement of parse(SCHEMA, schemaText).statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (!init || !ts.isCallExpression(init) || init.expression.getText() !== 'sqliteTable') continue;
      const [name] = init.arguments;
      if (name && ts.isStringLiteralLike(name) && ts.isIdentifier(declaration.name)) tables.set(declaration.name.text, name.text);
    }
  }
  return tables;
}

/** `{ key: 'value', … }` of an exported const (through `as const` / `satisfies`), as a Map. */
function exportedRecord(source, name) {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue;
      let init = declaration.initializer;
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression;
      if (!init || !ts.isObjectLiteralExpression(init)) throw new Error(`${OWNERS}: ${name} must be an object literal`);
      const record = new Map();
      for (const property of init.properties) {
        if (!ts.isPropertyAssignment(property) || !ts.isStringLiteralLike(property.initializer)) {
          throw new Error(`${OWNERS}: every entry of ${name} is 'key': 'string' (${property.getText()})`);
        }
        const key = ts.isIdentifier(property.name) || ts.isStringLiteralLike(property.name) ? property.name.text : property.name.getText();
        record.set(key, property.initializer.text);
      }
      return record;
    }
  }
  throw new Error(`${OWNERS} exports no ${name}`);
}

/** The owners (SQL table name → owning folder) and the allow-list (module → why it may read every table). */
export function ownersOf(ownersText) {
  const source = parse(OWNERS, ownersText);
  return { owners: exportedRecord(source, 'TABLE_OWNERS'), readers: exportedRecord(source, 'READS_EVERY_TABLE') };
}

/**
 * The folder a module belongs to, named as owners are: `<feature>/<sub>` inside a
 * sub-feature, `<feature>` at a feature's root (both under worker/features), `lib/<name>`
 * for a lib module (file or folder), and worker's other top-level folders (`jobs`,
 * `middleware`, `ssr`, `db`…) or files (`app`, `env`) as a whole.
 */
export function folderOf(path, isDirectory) {
  const parts = path.replace(/^worker\//, '').split('/');
  if (parts[0] === 'features' && parts.length >= 3) {
    return parts.length >= 4 && isDirectory(`worker/features/${parts[1]}/${parts[2]}`) ? `${parts[1]}/${parts[2]}` : parts[1];
  }
  if (parts[0] === 'lib' && parts.length >= 2) return `lib/${parts[1].replace(/\.tsx?$/, '')}`;
  return parts[0].replace(/\.tsx?$/, '');
}

/** Whether an owner names something: a feature folder (`auth`, `creatives/fonts`), or a lib module or top-level folder of worker/ (`lib/mailer`, `jobs`). */
function ownerExists(owner, exists) {
  if (owner.startsWith('lib/') || !owner.includes('/')) {
    if (exists(`worker/${owner}`) || exists(`worker/${owner}.ts`)) return true;
  }
  return !owner.startsWith('lib/') && exists(`worker/features/${owner}`);
}

/** Whether the module specifier, seen from `path`, is the schema module. */
function isSchema(path, specifier) {
  if (specifier === `#${SCHEMA}` || specifier === '#worker/db/schema') return true;
  if (!specifier.startsWith('.')) return false;
  const target = join(dirname(path), specifier).split(sep).join('/');
  return target === SCHEMA || target === SCHEMA.replace(/\.ts$/, '');
}

/** Whether a node sits in a type (an annotation, `typeof x.$inferSelect`, a type argument…). */
function inType(node) {
  for (let n = node.parent; n; n = n.parent) {
    if (ts.isTypeNode(n) || ts.isTypeAliasDeclaration(n) || ts.isInterfaceDeclaration(n)) return true;
    if (ts.isStatement(n) || ts.isSourceFile(n)) return false;
  }
  return false;
}

/** The schema exports a module uses as values (the exported names, whatever they are called locally). */
export function valueReferences(path, text) {
  const source = parse(path, text);
  const named = new Map(); // local name → exported name
  const namespaces = new Set();
  const used = new Set();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && isSchema(path, statement.moduleSpecifier.text)) {
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) if (!element.isTypeOnly) named.set(element.name.text, (element.propertyName ?? element.name).text);
      }
    }
    // `export { users } from '#worker/db/schema.ts'` hands the table on: a use.
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (isSchema(path, statement.moduleSpecifier.text) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) if (!element.isTypeOnly) used.add((element.propertyName ?? element.name).text);
      }
    }
  }
  if (named.size === 0 && namespaces.size === 0) return used;
  const visit = (node) => {
    if (ts.isIdentifier(node) && !ts.isImportSpecifier(node.parent) && !ts.isNamespaceImport(node.parent) && !inType(node)) {
      // A property name (`row.users`, `{ users: … }`) is not the import.
      const parent = node.parent;
      const isPropertyName = (ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.name === node);
      if (!isPropertyName && named.has(node.text)) used.add(named.get(node.text));
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node && namespaces.has(node.text)) used.add(parent.name.text);
    }
    // `schema['users']`
    if (ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text) && !inType(node)) {
      if (ts.isStringLiteralLike(node.argumentExpression)) used.add(node.argumentExpression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

/**
 * The findings, as lines: every use of a table outside its owner's folder by a module not
 * on the allow-list, every table without an owner, every owner or allow-list entry that
 * names nothing. `modules` maps each worker/ path to its text; `isDirectory` and `exists`
 * answer about paths relative to the repository root.
 */
export function tableOwnerFindings({ schemaText, ownersText, modules, isDirectory, exists }) {
  const tables = schemaTables(schemaText);
  const { owners, readers } = ownersOf(ownersText);
  const findings = [];
  const sqlNames = new Set(tables.values());
  for (const name of sqlNames) if (!owners.has(name)) findings.push(`error table-owner: ${name} has no owner in ${OWNERS}`);
  for (const [name, owner] of owners) {
    if (!sqlNames.has(name)) findings.push(`error table-owner: ${OWNERS} names ${name}, which is no table of ${SCHEMA}`);
    else if (!ownerExists(owner, exists)) findings.push(`error table-owner: ${name} is owned by ${owner}, which is no feature folder nor module of worker/`);
  }
  for (const path of readers.keys()) if (!exists(path)) findings.push(`error table-owner: ${OWNERS} allows ${path}, which does not exist`);
  const paths = [...modules.keys()].filter((path) => path !== SCHEMA && path !== OWNERS && !isTestModule(path)).sort();
  for (const path of paths) {
    if (readers.has(path)) continue;
    const folder = folderOf(path, isDirectory);
    for (const exported of [...valueReferences(path, modules.get(path))].sort()) {
      const table = tables.get(exported);
      if (table === undefined) continue; // not a table (a helper the schema exports)
      const owner = owners.get(table);
      if (owner === undefined) continue; // reported above
      // A table owned by a feature is its sub-features' too; one owned by a sub-feature is that sub-feature's alone.
      if (folder === owner || folder.startsWith(`${owner}/`)) continue;
      findings.push(`error table-owner: ${path} → ${table} (owned by ${owner})`);
    }
  }
  return findings;
}

/** Every .ts/.tsx module under worker/, relative to the repository root. */
function workerModules(root) {
  const modules = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) modules.set(path, readFileSync(join(root, path), 'utf8'));
    }
  };
  walk('worker');
  return modules;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const at = (path) => join(root, path);
  const findings = tableOwnerFindings({
    schemaText: readFileSync(at(SCHEMA), 'utf8'),
    ownersText: readFileSync(at(OWNERS), 'utf8'),
    modules: workerModules(root),
    isDirectory: (path) => existsSync(at(path)) && statSync(at(path)).isDirectory(),
    exists: (path) => existsSync(at(path)),
  });
  for (const finding of findings) console.log(finding);
  if (findings.length > 0) {
    console.log(`\n${findings.length} finding(s): a feature reads another's tables through that feature's service (${relative(root, at(OWNERS))}).`);
    process.exit(1);
  }
}
