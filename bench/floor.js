// The database floor (issue 30 point 5): a worker that does nothing but reach the bench's D1
// (the same local database Adloom uses, in the same workerd) and answer. `/one`: one round trip
// (`SELECT 1`); `/batch?n=N`: one `batch` of N `SELECT 1` statements (N = the dashboard's batch,
// which the bench counts). A D1-bound route's req/s ÷ this worker's says how much of its cost is
// the work around the database rather than the database itself.
const MAX_BATCH = 100;

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
    return new Response('Not found', { status: 404 });
  },
};
