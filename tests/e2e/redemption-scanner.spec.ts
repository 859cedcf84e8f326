import { writeFileSync } from 'node:fs';
import { expect, test, type Browser } from '@playwright/test';
import { barcodeFrame, type Frame } from '../support/barcode-frame';
import { DEMO, signIn } from './helpers';

const NUMBER = '7000000000000013';

/** RGBA → a YUV4MPEG2 (4:2:0, full-range BT.601) file that Chromium's fake camera plays in a loop. */
function y4m({ data, width, height }: Frame, frames = 3): Buffer {
  const luma = Buffer.alloc(width * height);
  const chroma = (width / 2) * (height / 2);
  const u = Buffer.alloc(chroma);
  const v = Buffer.alloc(chroma);
  const rgb = (x: number, y: number) => {
    const offset = (y * width + x) * 4;
    return [data[offset]!, data[offset + 1]!, data[offset + 2]!] as const;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = rgb(x, y);
      luma[y * width + x] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  for (let y = 0; y < height / 2; y++) {
    for (let x = 0; x < width / 2; x++) {
      let [r, g, b] = [0, 0, 0];
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const [pr, pg, pb] = rgb(2 * x + dx, 2 * y + dy);
        r += pr / 4;
        g += pg / 4;
        b += pb / 4;
      }
      u[y * (width / 2) + x] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
      v[y * (width / 2) + x] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, u, v]);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
    ...Array.from({ length: frames }, () => frame),
  ]);
}

for (const format of ['QRCode', 'Code128'] as const) {
  test(`the fake camera shows a ${format} code: the number is filled and the PIN takes the focus`, async ({
    playwright,
    launchOptions,
    baseURL,
  }, testInfo) => {
    const file = testInfo.outputPath(`${format}.y4m`);
    writeFileSync(file, y4m(await barcodeFrame(NUMBER, format, 640, 480)));
    // The camera file is a launch flag: this test starts its own browser.
    let browser: Browser | undefined;
    try {
      browser = await playwright.chromium.launch({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          '--use-fake-ui-for-media-stream',
          `--use-file-for-fake-video-capture=${file}`,
        ],
      });
      const context = await browser!.newContext({
        baseURL,
        locale: 'en-US',
        serviceWorkers: 'block',
        permissions: ['camera'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await signIn(page, DEMO.redeemer);
      await page.goto('/redemption');
      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));

      await page.getByTestId('scan').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.locator('input[name=number]')).toHaveValue(NUMBER, { timeout: 20_000 });
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.locator('input[name=pin]')).toBeFocused();
      await expect(page.getByTestId('number-valid')).toBeVisible();
      // The reader came from our own origin, not from a CDN.
      expect(requests.some((path) => /zxing_reader.*\.wasm$/.test(path))).toBe(true);
      expect(requests.filter((path) => path.startsWith('http'))).toEqual([]);

      await page.locator('input[name=pin]').fill('111111');
      await page.getByTestId('check').click();
      await expect(page.getByTestId('certificate-status')).toHaveAttribute('data-status', 'active');
    } finally {
      await browser?.close();
    }
  });
}

test('without a camera the scanner says so and manual entry takes over', async ({ page }) => {
  await signIn(page, DEMO.redeemer);
  await page.goto('/redemption');
  await page.locator('input[name=number]').fill('7000');
  await page.getByTestId('scan').click();
  const problem = page.getByTestId('scanner-problem');
  await expect(problem).toBeVisible();
  expect(['denied', 'noCamera', 'unsupported', 'busy', 'failed']).toContain(await problem.getAttribute('data-problem'));
  await page.getByTestId('scanner-manual').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.locator('input[name=number]')).toBeFocused();
  await expect(page.locator('input[name=number]')).toHaveValue('7000');
});
