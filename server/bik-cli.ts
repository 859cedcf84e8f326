import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { loadBikFile } from './modules/supplier';

/**
 * `npm run bik:load -- <file>`: replaces the BIK directory with the Bank of
 * Russia's list. Download the archive of the directory from the Central Bank's
 * site (the BIK directory, format ED807), unpack it and pass the
 * `YYYYMMDD_ED807_full.xml` file; see server/data/README.md.
 */
const [path] = process.argv.slice(2);
if (!path) {
  console.error('Usage: npm run bik:load -- <YYYYMMDD_ED807_full.xml>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
try {
  const entries = await loadBikFile(database.db, path);
  process.stdout.write(`BIK directory: ${entries} banks loaded from ${path}.\n`);
} catch (error) {
  console.error(`BIK directory not loaded: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
