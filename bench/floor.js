// The database floor (issue 30 point 5): a worker that does nothing but reach the bench's D1
// (the same local database Adloom uses, in the same workerd) and answer. `/one`: one round trip
// (`SELECT 1`); `/batch?n=N`: one `batch` of N `SELECT 1` statements (N = the dashboard's batch,
// which the bench counts); `/own?route=R`: one `batch` of route R's own statements, the same SQL
// and bindings its last request ran (recorded by bench/d1-counted.js, handed over with
// `PUT /own?route=R`), straight through the binding: no router, no middleware, no mapping;
// `/own?route=R&each=1`: the same statements each in a round trip of its own, one after the other
// (a route that runs them alone, as the API's authentication does: bench/api.ts). A
// D1-bound route's req/s ÷ this worker's says how much of its cost is the work around the
// database rather than the database itself; `/own` less `/batch` is what SQLite (and D1's
// client) spend on the route's real queries over the seeded data (decision 0037).
const MAX_BATCH = 100;
const MAX_SQL = 20_000;

/** Each route's statements (`PUT /own`): `{ sql, params }[]`. */
const own = new Map();

function validStatements(value) {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= MAX_BATCH &&
    value.every((s) => s && typeof s.sql === 'string' && s.sql.length <= MAX_SQL && Array.isArray(s.params))
  );
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/one') {
      const row = await env.DB.prepare('SELECT 1 AS one').first();
      return Response.json(row);
    }
    if (url.pathname === '/batch') {
      const n = Math.min(Math.max(Number(url.searchParams.get('n')) || 1, 1), MAX_BATCH);
      const results = await env.DB.batch(Array.from({ length: n }, () => env.DB.prepare('SELECT 1 AS one')));
      return Response.json(results.map((result) => result.results[0]));
    }
    if (url.pathname === '/own') {
      const route = url.searchParams.get('route') ?? '';
      if (request.method === 'PUT') {
        const statements = await request.json();
        if (!validStatements(statements)) return new Response('Expected [{ sql, params }]', { status: 400 });
        own.set(route, statements);
        return new Response(null, { status: 204 });
      }
      const statements = own.get(route);
      if (!statements) return new Response('No statements for this route', { status: 404 });
      if (url.searchParams.get('each') === '1') {
        const rows = [];
        for (const { sql, params } of statements)
          rows.push(
            await env.DB.prepare(sql)
              .bind(...params)
              .first(),
          );
        return Response.json(rows);
      }
      const results = await env.DB.batch(statements.map(({ sql, params }) => env.DB.prepare(sql).bind(...params)));
      // As `/batch`: each statement's first row (the dashboard's are one JSON value each, decision 0037).
      return Response.json(results.map((result) => result.results[0] ?? null));
    }
    return new Response('Not found', { status: 404 });
  },
};
