// The bench's counted entry (issue 30 point 5): Adloom's own bundle (./index.js, the module
// this one imports) with its D1 binding wrapped so that every round trip to the database is
// counted: a statement run alone (`first`, `all`, `run`, `raw`), a `batch` (one round trip, however
// many statements) and `exec`, in sessions too (`withSession`). Only the bench loads this file
// (bench/server.ts, as the entry of the `adloom-counted` worker); production never wraps DB.
// `GET /__bench/d1` answers the counts since the previous `GET /__bench/d1` (and resets them), and
// the statements of the last `batch` (`lastBatch`: SQL and values, for the floor's `/own`) and the
// statements run alone since the previous read (`alone`, at most MAX_ALONE: for the floor's `/own?each=1`).
import adloom from './index.js';

const counts = { requests: 0, roundTrips: 0, statements: 0 };
/** The last batch's statements, as run: `{ sql, params }[]`. */
let lastBatch = [];
/** Statements run alone (not in a batch) since the last read, in order: `{ sql, params }[]`. */
let alone = [];
const MAX_ALONE = 100;

/** One round trip of one statement. */
function countAlone(sql, params) {
  counts.roundTrips += 1;
  counts.statements += 1;
  if (alone.length < MAX_ALONE) alone.push({ sql, params });
}

function countedStatement(inner, sql, params = []) {
  return {
    inner,
    sql,
    params,
    bind: (...values) => countedStatement(inner.bind(...values), sql, values),
    first: (...args) => {
      countAlone(sql, params);
      return inner.first(...args);
    },
    all: () => {
      countAlone(sql, params);
      return inner.all();
    },
    run: () => {
      countAlone(sql, params);
      return inner.run();
    },
    raw: (...args) => {
      countAlone(sql, params);
      return inner.raw(...args);
    },
  };
}

/** A D1 database or session, counting its round trips. */
function countedD1(inner) {
  return {
    prepare: (query) => countedStatement(inner.prepare(query), query),
    batch: (statements) => {
      lastBatch = statements.map((statement) => ({ sql: statement.sql, params: statement.params }));
      counts.roundTrips += 1;
      counts.statements += statements.length;
      return inner.batch(statements.map((statement) => statement.inner ?? statement));
    },
    exec: (query) => {
      counts.roundTrips += 1;
      counts.statements += 1;
      return inner.exec(query);
    },
    withSession: (start) => countedD1(inner.withSession(start)),
    getBookmark: () => inner.getBookmark?.() ?? null,
    dump: () => inner.dump(),
  };
}

// One wrapped environment per environment workerd hands over (the app checks its configuration once per object).
const wrapped = new WeakMap();
function countedEnv(env) {
  let out = wrapped.get(env);
  if (!out) {
    out = { ...env, DB: countedD1(env.DB) };
    wrapped.set(env, out);
  }
  return out;
}

export default {
  fetch(request, env, ctx) {
    if (new URL(request.url).pathname === '/__bench/d1') {
      const answer = Response.json({ ...counts, lastBatch, alone });
      alone = [];
      counts.requests = 0;
      counts.roundTrips = 0;
      counts.statements = 0;
      return answer;
    }
    counts.requests += 1;
    return adloom.fetch(request, countedEnv(env), ctx);
  },
};
