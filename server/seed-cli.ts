import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { loadKeys } from './lib/keys';
import { seedDemo } from './seed';

const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
const keys = await loadKeys(database.db, { jwtSecret: config.JWT_SECRET, partnerApiKey: config.PARTNER_API_KEY });
console.log((await seedDemo(database.db, keys)) ? 'Demo data created.' : 'Demo data was already there.');
await database.close();
