/**
 * Debian's Chromium, as every browser test, benchmark and script here launches it: Playwright cannot download
 * its own browsers on these machines, and these flags keep a headless run from reaching out or updating itself.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
