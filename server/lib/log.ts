/** One line of JSON per event, so logs stay greppable and machine-readable. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const write =
  (level: string, stream: NodeJS.WriteStream) =>
  (message: string, fields: Record<string, unknown> = {}) =>
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);

export const consoleLogger: Logger = {
  info: write('info', process.stdout),
  warn: write('warn', process.stderr),
  error: write('error', process.stderr),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
