import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { bikDirectory } from '../../db/schema';

/**
 * The Bank of Russia's BIK directory (decision 50). The Central Bank publishes
 * it daily as an archive holding `YYYYMMDD_ED807_full.xml` (format ED807, in
 * windows-1251); `npm run bik:load -- <that file>` replaces the table with it.
 * A small real excerpt ships in server/data so that a fresh start and the tests
 * know the main banks.
 */

export interface BikEntry {
  bik: string;
  bankName: string;
  correspondentAccount: string;
}

export const SAMPLE_BIK_FILE = fileURLToPath(new URL('../../data/bik-sample.xml', import.meta.url));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });

const attributes = (tag: string): Record<string, string> =>
  Object.fromEntries([...tag.matchAll(/([\w:]+)\s*=\s*"([^"]*)"/g)].map(([, name, value]) => [name!, decodeEntities(value!)]));

/** The file's own encoding, from its XML declaration (ASCII in every encoding the directory uses). */
const declaredEncoding = (bytes: Uint8Array): string => {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  return head.match(/<\?xml[^>]*encoding\s*=\s*["']([\w-]+)["']/i)?.[1] ?? 'utf-8';
};

/**
 * Reads the entries of an ED807 file. A regular-expression reader is enough for
 * this flat, machine-written format and needs no XML library; entries without
 * a 9-digit BIC or a name are skipped. The correspondent account is the CRSA one.
 */
export function parseEd807(bytes: Uint8Array): BikEntry[] {
  const xml = new TextDecoder(declaredEncoding(bytes)).decode(bytes);
  const entries = new Map<string, BikEntry>();
  const entryPattern = /<(?:\w+:)?BICDirectoryEntry\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?BICDirectoryEntry>/g;
  for (const [, entryAttributes, body] of xml.matchAll(entryPattern)) {
    const bik = attributes(entryAttributes!).BIC ?? '';
    const participant = body!.match(/<(?:\w+:)?ParticipantInfo\b([^>]*)>/);
    const bankName = participant ? (attributes(participant[1]!).NameP ?? '').trim() : '';
    if (!/^\d{9}$/.test(bik) || !bankName) continue;
    const accounts = [...body!.matchAll(/<(?:\w+:)?Accounts\b([^>]*)>/g)].map(([, tag]) => attributes(tag!));
    const correspondent = accounts.find((account) => account.RegulationAccountType === 'CRSA') ?? accounts[0];
    entries.set(bik, { bik, bankName, correspondentAccount: correspondent?.Account ?? '' });
  }
  return [...entries.values()];
}

const BATCH = 500;

/** Replaces the whole directory with these entries in one transaction, so a lookup never sees half a list. */
export async function replaceBikDirectory(db: Db, entries: BikEntry[], at: Date): Promise<number> {
  // An empty list is a wrong file, not an empty directory: refusing keeps the old list.
  if (!entries.length) throw new Error('the file holds no BIK directory entries (is it the ED807 XML?)');
  await db.transaction(async (tx) => {
    await tx.delete(bikDirectory);
    for (let start = 0; start < entries.length; start += BATCH) {
      await tx.insert(bikDirectory).values(entries.slice(start, start + BATCH).map((entry) => ({ ...entry, loadedAt: at })));
    }
  });
  return entries.length;
}

/** `npm run bik:load -- <file>`: the Central Bank's ED807 file into the table. */
export async function loadBikFile(db: Db, path: string, at = new Date()): Promise<number> {
  return replaceBikDirectory(db, parseEd807(await readFile(path)), at);
}

/** Loads the shipped sample when the directory is empty (a fresh database); answers how many entries it loaded. */
export async function ensureBikDirectory(db: Db): Promise<number> {
  const [row] = await db.select({ entries: count() }).from(bikDirectory);
  if (row && row.entries > 0) return 0;
  return loadBikFile(db, SAMPLE_BIK_FILE);
}

export async function findBank(db: Executor, bik: string): Promise<BikEntry | undefined> {
  const [row] = await db
    .select({ bik: bikDirectory.bik, bankName: bikDirectory.bankName, correspondentAccount: bikDirectory.correspondentAccount })
    .from(bikDirectory)
    .where(eq(bikDirectory.bik, bik));
  return row;
}
