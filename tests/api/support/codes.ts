import { expect, it } from 'vitest';
import type { TestApp, TestResponse } from './app';
import { expectError } from './auth';

const MINUTE = 60_000;

export interface CodeFlow {
  /** Has a code mailed to a new address; answers the address. */
  send(): Promise<string>;
  confirm(email: string, code: string): Promise<TestResponse>;
}

/** Some six digits other than the code. */
export const wrongCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The rules every mailed code follows, whatever it is for: used once, 5 wrong tries, valid 15 minutes. */
export function itFollowsCodeRules(app: () => TestApp, flow: CodeFlow): void {
  const wrong = { verifyCode: 'WRONG_CONFIRMATION_CODE' };

  it('takes the code once', async () => {
    const email = await flow.send();
    const code = await app().codeFromMail(email);
    expect((await flow.confirm(email, code)).status).toBe(200);
    expectError(await flow.confirm(email, code), 422, 'WRONG_CONFIRMATION_CODE', wrong);
  });

  it('allows 5 wrong tries, then refuses even the right code', async () => {
    const email = await flow.send();
    const code = await app().codeFromMail(email);
    for (let attempt = 0; attempt < 5; attempt++)
      expectError(await flow.confirm(email, wrongCode(code)), 422, 'WRONG_CONFIRMATION_CODE', wrong);
    expectError(await flow.confirm(email, code), 429, 'TOO_MANY_ATTEMPTS');
  });

  it('takes the code up to the end of its 15 minutes', async () => {
    const email = await flow.send();
    app().clock.advance(15 * MINUTE - 1000);
    expect((await flow.confirm(email, await app().codeFromMail(email))).status).toBe(200);
  });

  it('refuses the code after 15 minutes', async () => {
    const email = await flow.send();
    const code = await app().codeFromMail(email);
    app().clock.advance(15 * MINUTE);
    expectError(await flow.confirm(email, code), 422, 'CODE_EXPIRED', { verifyCode: 'CODE_EXPIRED' });
  });
}
