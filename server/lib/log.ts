import { API_KEY_MARK, API_KEY_PREFIX_LENGTH } from '@contract/api-keys';

/** One line of JSON per event, so logs stay greppable and machine-readable. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

// A company API key anywhere in a line (a stack, a header echoed by a library, a value a person pasted): its prefix
// stays, to tell which key it was; the rest never reaches a log (decision 093).
const COMPANY_KEY = new RegExp(`(${API_KEY_MARK}[A-Za-z0-9_-]{${API_KEY_PREFIX_LENGTH - API_KEY_MARK.length}})[A-Za-z0-9_-]+`, 'g');

/** The line written for an event, with company API keys cut to their prefix. */
export const logLine = (level: string, message: string, fields: Record<string, unknown> = {}, time = new Date()): string =>
  JSON.stringify({ time: time.toISOString(), level, message, ...fields }).replace(COMPANY_KEY, '$1…');

const write =
  (level: string, stream: NodeJS.WriteStream) =>
  (message: string, fields: Record<string, unknown> = {}) =>
    stream.write(`${logLine(level, message, fields)}\n`);

export const consoleLogger: Logger = {
  info: write('info', process.stdout),
  warn: write('warn', process.stderr),
  error: write('error', process.stderr),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
