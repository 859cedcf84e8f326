import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './seed';

const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
console.log((await seedDemo(database.db)) ? 'Demo data created.' : 'Demo data was already there.');
await database.close();
