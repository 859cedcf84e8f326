import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBikFile, parseEd807, SAMPLE_BIK_FILE } from '../../server/modules/supplier';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectError } from './support/auth';
import { expectOk, get, newAdmin } from './support/companies';

/** The BIK directory (decision 50): the Central Bank's ED807 file, read and loaded by `npm run bik:load`. */

let test: TestApp;
let token: string;
let folder: string;
beforeAll(async () => {
  test = await createAuthTestApp();
  token = (await newAdmin(test, 'bik')).token;
  folder = mkdtempSync(join(tmpdir(), 'bik-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await test?.close();
});

const file = (name: string, content: string | Buffer) => {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
};

describe('reading ED807', () => {
  it('reads the shipped sample (windows-1251): names, and the correspondent account where there is one', () => {
    const entries = parseEd807(readFileSync(SAMPLE_BIK_FILE));
    expect(entries).toHaveLength(11);
    expect(entries).toContainEqual({ bik: '044525225', bankName: 'ПАО Сбербанк', correspondentAccount: '30101810400000000225' });
    expect(entries).toContainEqual({ bik: '049205805', bankName: 'ПАО "АК БАРС" БАНК', correspondentAccount: '30101810000000000805' });
    expect(entries).toContainEqual({ bik: '044525000', bankName: 'ГУ БАНКА РОССИИ ПО ЦФО', correspondentAccount: '' });
  });

  it('reads UTF-8 and prefixed elements, takes the CRSA account, skips entries without a BIC or a name', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ed:ED807 xmlns:ed="urn:cbr-ru:ed:v2.0">
  <ed:BICDirectoryEntry BIC="041234567">
    <ed:ParticipantInfo NameP="АО &quot;Банк &amp; Co&quot;" Rgn="45"/>
    <ed:Accounts Account="40116810000000000001" RegulationAccountType="UTRA"/>
    <ed:Accounts Account="30101810000000000567" RegulationAccountType="CRSA"/>
  </ed:BICDirectoryEntry>
  <ed:BICDirectoryEntry BIC="12345"><ed:ParticipantInfo NameP="Short BIC"/></ed:BICDirectoryEntry>
  <ed:BICDirectoryEntry BIC="041234568"><ed:ParticipantInfo Rgn="45"/></ed:BICDirectoryEntry>
</ed:ED807>`;
    expect(parseEd807(Buffer.from(xml))).toEqual([
      { bik: '041234567', bankName: 'АО "Банк & Co"', correspondentAccount: '30101810000000000567' },
    ]);
  });
});

describe('npm run bik:load', () => {
  it('replaces the whole directory, and keeps it when the file holds no entries', async () => {
    expectOk(await get(test, token, '/bank/bik?bik=044525225'));
    const one = file(
      'one.xml',
      '<ED807><BICDirectoryEntry BIC="041234567"><ParticipantInfo NameP="Test Bank"/></BICDirectoryEntry></ED807>',
    );
    expect(await loadBikFile(test.database.db, one)).toBe(1);
    expect(expectOk(await get(test, token, '/bank/bik?bik=041234567'))).toEqual({
      bik: '041234567',
      bankName: 'Test Bank',
      correspondentAccount: '',
    });
    expectError(await get(test, token, '/bank/bik?bik=044525225'), 422, 'BIK_NOT_FOUND');

    await expect(loadBikFile(test.database.db, file('empty.xml', '<html>not a directory</html>'))).rejects.toThrow(
      /no BIK directory entries/,
    );
    expectOk(await get(test, token, '/bank/bik?bik=041234567'));

    expect(await loadBikFile(test.database.db, SAMPLE_BIK_FILE)).toBe(11);
    expectOk(await get(test, token, '/bank/bik?bik=044525225'));
  });
});
