// The embedded database's own thread (decision 103): it owns the PGlite instance, so the engine's long synchronous runs
// and file-system calls never hold the server's event loop. server/db/pglite-thread.ts is the other end (PGliteThread):
// each message is one call, answered by its id. Plain JavaScript: a worker thread gets no TypeScript loader from tsx or vitest.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const pg = new PGlite(workerData.dataDir);
/** Open transactions by id: each holds PGlite's transaction until its `end` message settles it. */
const transactions = new Map();
let nextTransaction = 1;

/** The value a parser gives back unchanged: the other end parses these types itself. */
const asText = (text) => text;

/** A query's options as PGlite takes them: the types whose parsers stay on the other end are given back as text. */
const queryOptions = ({ rowMode, textTypes }) => ({
  rowMode,
  ...(textTypes.length > 0 && { parsers: Object.fromEntries(textTypes.map((type) => [type, asText])) }),
});

/** The PostgreSQL fields of an error (code, constraint, detail …): an Error crosses threads with its message alone. */
const errorFields = (error) =>
  Object.fromEntries(Object.entries(error).filter(([, value]) => typeof value === 'string' || typeof value === 'number'));

const target = (transaction) => (transaction === undefined ? pg : transactions.get(transaction).tx);

const operations = {
  query: ({ transaction, sql, params, options }) => target(transaction).query(sql, params, queryOptions(options)),
  exec: ({ transaction, sql }) => target(transaction).exec(sql),
  /** Answers once BEGIN has run; the transaction then holds PGlite (other calls queue behind it) until its `end`. */
  begin: () =>
    new Promise((began, failed) => {
      const id = nextTransaction++;
      const ended = pg.transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            transactions.set(id, { tx, ended, commit, rollback });
            began(id);
          }),
      );
      // A failed BEGIN is the caller's error; later the promise is settled and `end` reads the outcome.
      ended.catch(failed);
    }),
  /** PGlite commits (or rolls back) as its callback settles; the answer comes once it has: a refused COMMIT is an error. */
  end: async ({ transaction, commit }) => {
    const open = transactions.get(transaction);
    transactions.delete(transaction);
    if (commit) {
      open.commit();
      await open.ended;
    } else {
      open.rollback(new Error('rolled back'));
      await open.ended.catch(() => undefined);
    }
  },
  close: () => pg.close(),
};

port.on('message', async ({ id, operation, ...message }) => {
  try {
    port.postMessage({ id, result: await operations[operation](message) });
  } catch (error) {
    port.postMessage({ id, error: { message: error?.message ?? String(error), fields: error && errorFields(error) } });
  }
});
