import { vi } from 'vitest';

/** vitest's per-worker module graph (internal: `__vitest_worker__.evaluatedModules`), as far as it is read here. */
type ModuleGraph = { idToModuleMap: Map<string, { promise?: unknown; exports?: unknown; evaluated: boolean; importers: Set<string> }> };

const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * For test projects that run their files one after another in one runtime (`isolate: false`):
 * forgets the project's own modules and the dependencies matching `stateful`, so that the next
 * file imports fresh instances and its helpers and caches keep nothing from the file before.
 * vi.resetModules() would forget every module, re-evaluating ≈ 3,000 dependency modules a file
 * (≈ 1 s each time). Falls back to it where the graph is not found.
 */
export function forgetProjectModules(stateful?: RegExp): void {
  const graph = (globalThis as { __vitest_worker__?: { evaluatedModules?: ModuleGraph } }).__vitest_worker__?.evaluatedModules;
  if (!(graph?.idToModuleMap instanceof Map)) return void vi.resetModules();
  for (const [id, node] of graph.idToModuleMap) {
    if (!id.startsWith(ROOT) || (id.includes('/node_modules/') && !stateful?.test(id))) continue;
    node.promise = undefined;
    node.exports = undefined;
    node.evaluated = false;
    node.importers.clear();
  }
}
