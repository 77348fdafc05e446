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
  answerCachedModulesLocally();
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

/** vitest's module runner (internal: reached through `__vitest_mocker__`), as far as it is used here. */
type Runner = { transport?: { invoke?: (name: string, data: unknown[]) => Promise<unknown> }; adloomLocalCache?: true };

/**
 * A forgotten module is evaluated again from the code the runner already holds, but for each of
 * its imports the runner still asks vitest's main process whether the module changed (an RPC
 * that answers `{ cache: true }` in a run without watching). A file re-imports the project's
 * ≈ 650 modules, thousands of import edges: cheap on an idle machine, but under CPU contention
 * every round trip waits for the scheduler and a file took 10–15 s to start. In `vitest run`
 * files do not change during the run, so the runner's own cache is the answer.
 */
function answerCachedModulesLocally(): void {
  const runner = (globalThis as { __vitest_mocker__?: { moduleRunner?: Runner } }).__vitest_mocker__?.moduleRunner;
  const transport = runner?.transport;
  const invoke = transport?.invoke;
  if (!runner || !transport || !invoke || runner.adloomLocalCache) return;
  runner.adloomLocalCache = true;
  transport.invoke = (name, data) => {
    const options = data[2] as { cached?: boolean } | undefined;
    return name === 'fetchModule' && options?.cached === true ? Promise.resolve({ cache: true }) : invoke.call(transport, name, data);
  };
}
