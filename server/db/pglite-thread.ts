import { Worker } from 'node:worker_threads';
import { messages, type Results } from '@electric-sql/pglite';

type Parser = (text: string, type: number) => unknown;

/** The query options drizzle's pglite driver and selectArrays pass. */
export interface ThreadQueryOptions {
  rowMode?: 'array' | 'object';
  /** By type id; they run on this thread, on the text PGlite's thread leaves for these types. */
  parsers?: Record<number, Parser>;
}

/** What runs inside a transaction: its calls go to the transaction's session, nobody else's. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: ThreadQueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Answer {
  id: number;
  result?: unknown;
  error?: { message: string; fields?: Record<string, string | number> };
}

/** PostgreSQL's refusal as PGlite throws it (code, constraint, detail …), or the thread's other error as it was. */
const rebuiltError = ({ message, fields = {} }: NonNullable<Answer['error']>): Error =>
  Object.assign(
    typeof fields.code === 'string' ? new messages.DatabaseError(message, Number(fields.length ?? 0), 'error') : new Error(message),
    fields,
  );

/** The given parsers applied to the text PGlite's thread left for their types (null stays null, as in PGlite). */
function parseText<T>(result: Results<T>, parsers: Record<number, Parser>): Results<T> {
  result.fields.forEach((field, index) => {
    const parser = parsers[field.dataTypeID];
    if (!parser) return;
    const key = (row: T) => (Array.isArray(row) ? index : field.name) as keyof T;
    for (const row of result.rows) {
      const value = row[key(row)];
      if (value !== null) row[key(row)] = parser(value as string, field.dataTypeID) as T[keyof T];
    }
  });
  return result;
}

/**
 * PGlite on a thread of its own (decision 103): the engine's synchronous runs and its file system calls (fsync on every
 * commit, checkpoints) stop that thread, not the server's event loop. The methods are those drizzle's pglite driver
 * calls; PGlite's own mutex on the other thread orders the calls as it would here: a call outside an open transaction
 * waits for it to end. If the thread dies, every call pending or later fails, and `lost` settles with the reason.
 */
export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closing = false;
  #lostError: Error | undefined;
  /** Settles with the reason if the thread stops without being closed: the database is gone for this process. */
  readonly lost: Promise<Error>;

  /** `script`: the thread's module; a test gives one that dies as a crashing engine would. */
  constructor(dataDir?: string, script = new URL('./pglite-worker.js', import.meta.url)) {
    this.#worker = new Worker(script, { workerData: { dataDir } });
    // The thread keeps the process alive only while an answer is awaited, as the in-process engine did.
    this.#worker.unref();
    this.#worker.on('message', (answer: Answer) => this.#answer(answer));
    let crash: Error | undefined;
    this.#worker.on('error', (error) => (crash = error));
    this.lost = new Promise((resolve) =>
      this.#worker.on('exit', (code) => {
        if (this.#closing) return;
        this.#lostError = new Error(`the embedded database's thread stopped (exit code ${code})`, { cause: crash });
        for (const pending of this.#pending.values()) pending.reject(this.#lostError);
        this.#pending.clear();
        resolve(this.#lostError);
      }),
    );
  }

  query<T>(sql: string, params: unknown[] = [], options: ThreadQueryOptions = {}): Promise<Results<T>> {
    return this.#query(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#call('exec', { sql });
  }

  /** BEGIN on the other thread, `work` with the transaction's session, then COMMIT, or ROLLBACK if `work` throws. */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const transaction = await this.#call<number>('begin', {});
    let ended = false;
    const open = () => {
      if (ended) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async (sql, params = [], options = {}) => (open(), this.#query(transaction, sql, params, options)),
      exec: async (sql) => (open(), this.#call('exec', { transaction, sql })),
    };
    try {
      const result = await work(tx);
      ended = true;
      await this.#call('end', { transaction, commit: true });
      return result;
    } catch (error) {
      if (!ended) {
        ended = true;
        await this.#call('end', { transaction, commit: false });
      }
      throw error;
    }
  }

  /** Closes PGlite on its thread (its files complete on disk), then ends the thread. */
  async close(): Promise<void> {
    if (this.#closing) return;
    await this.#call('close', {});
    this.#closing = true;
    await this.#worker.terminate();
  }

  async #query<T>(transaction: number | undefined, sql: string, params: unknown[], { rowMode, parsers }: ThreadQueryOptions) {
    const textTypes = parsers ? Object.keys(parsers).map(Number) : [];
    const result = await this.#call<Results<T>>('query', { transaction, sql, params, options: { rowMode, textTypes } });
    return parsers ? parseText(result, parsers) : result;
  }

  #call<T>(operation: string, message: Record<string, unknown>): Promise<T> {
    if (this.#lostError) return Promise.reject(this.#lostError);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      // Sent first: a value that cannot be copied (DataCloneError) rejects the call and leaves nothing pending.
      this.#worker.postMessage({ id, operation, ...message });
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }

  #answer({ id, result, error }: Answer) {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (error) pending.reject(rebuiltError(error));
    else pending.resolve(result);
  }
}
