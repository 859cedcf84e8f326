import { once } from 'node:events';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/**
 * A zip archive written as its files come (decision 057): each file is deflated by zlib (off the main thread) as its
 * chunks arrive, its CRC and sizes follow it in a data descriptor, and the directory closes the archive. Nothing is
 * held but the chunk in hand. Without ZIP64: a file or an archive over 4 GiB is refused rather than written wrong.
 */

export interface ZipFile {
  name: string;
  content: Buffer | AsyncIterable<Buffer>;
}

const LIMIT = 0xffffffff;
/** Bit 3: sizes and CRC in a descriptor after the data; bit 11: names in UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;
/** Speed over size: a report's XML compresses well at any level. */
const LEVEL = constants.Z_BEST_SPEED;

interface Entry {
  name: Buffer;
  crc: number;
  size: number;
  compressed: number;
  offset: number;
}

/** MS-DOS time and date, which zip keeps (local time, two-second steps). */
const dosTime = (at: Date) => ({
  time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
  date: ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
});

function localHeader(entry: Entry, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  header.writeUInt16LE(entry.name.length, 26);
  return Buffer.concat([header, entry.name]);
}

function descriptor(entry: Entry): Buffer {
  const data = Buffer.alloc(16);
  data.writeUInt32LE(0x08074b50, 0);
  data.writeUInt32LE(entry.crc, 4);
  data.writeUInt32LE(entry.compressed, 8);
  data.writeUInt32LE(entry.size, 12);
  return data;
}

function directoryHeader(entry: Entry, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(stamp.time, 12);
  header.writeUInt16LE(stamp.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function directoryEnd(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

function checked(value: number, what: string): number {
  if (value > LIMIT) throw new Error(`zip: ${what} over 4 GiB needs ZIP64, which this writer does not write`);
  return value;
}

/** The file's content deflated, chunk by chunk as zlib gives it back; counts the CRC and both sizes into `entry`. */
async function* deflated(content: Buffer | AsyncIterable<Buffer>, entry: Entry): AsyncGenerator<Buffer> {
  const deflate = createDeflateRaw({ level: LEVEL });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const take = () => {
    const chunk = out.length === 1 ? out[0]! : Buffer.concat(out);
    out.length = 0;
    entry.compressed = checked(entry.compressed + chunk.length, entry.name.toString());
    return chunk;
  };
  try {
    for await (const chunk of Buffer.isBuffer(content) ? [content] : content) {
      entry.crc = crc32(chunk, entry.crc);
      entry.size = checked(entry.size + chunk.length, entry.name.toString());
      // Waiting for zlib to take the chunk is the backpressure: the next one is asked for only then.
      if (!deflate.write(chunk)) await once(deflate, 'drain');
      if (out.length) yield take();
    }
    deflate.end();
    await once(deflate, 'end');
    if (out.length) yield take();
  } finally {
    deflate.destroy();
  }
}

/** The archive's bytes, file after file in the given order, pulled as the reader takes them. */
export async function* zip(files: Iterable<ZipFile> | AsyncIterable<ZipFile>, at = new Date()): AsyncGenerator<Buffer> {
  const stamp = dosTime(at);
  const entries: Entry[] = [];
  let offset = 0;
  for await (const file of files) {
    const entry: Entry = { name: Buffer.from(file.name), crc: 0, size: 0, compressed: 0, offset };
    const header = localHeader(entry, stamp);
    yield header;
    for await (const chunk of deflated(file.content, entry)) yield chunk;
    const after = descriptor(entry);
    yield after;
    offset = checked(offset + header.length + entry.compressed + after.length, 'the archive');
    entries.push(entry);
  }
  const directory = Buffer.concat(entries.map((entry) => directoryHeader(entry, stamp)));
  yield directory;
  yield directoryEnd(entries.length, directory.length, offset);
}
