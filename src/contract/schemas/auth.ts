import * as v from 'valibot';
import { LOCALES, REGIONS } from '../enums';
import { currentPassword, email, oneOf, password, phone, requiredText, token, verifyCode, NAME_MAX } from './fields';

const region = oneOf(REGIONS);
const locale = oneOf(LOCALES);

export const loginBody = v.object({ email, password: currentPassword });
export const refreshBody = v.object({ refreshToken: token });

export const registerBody = v.object({
  firstName: requiredText(NAME_MAX),
  secondName: requiredText(NAME_MAX),
  email,
  phone,
  password,
  region,
  language: locale,
});

export const registerConfirmBody = v.object({ verifyCode, email, region });
export const emailRegionBody = v.object({ email, region });
export const resetPasswordConfirmBody = v.object({ email, verifyCode, region });

/** Two passwords that must match; the mismatch is reported on the repeat field. */
export const newPasswordBody = v.pipe(
  v.object({ password, repeatPassword: currentPassword }),
  v.forward(
    v.partialCheck(
      [['password'], ['repeatPassword']],
      (input) => input.password === input.repeatPassword,
      'PASSWORDS_DO_NOT_MATCH',
    ),
    ['repeatPassword'],
  ),
);

export const authCorrectionQuery = v.object({ email, token });

export type LoginBody = v.InferInput<typeof loginBody>;
export type RegisterBody = v.InferInput<typeof registerBody>;
export type NewPasswordBody = v.InferInput<typeof newPasswordBody>;

/** What login, refresh and the code confirmations answer. */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  accessTokenExpiresAt: number;
}

/** What a call that mails a code answers: the client's resend countdown. */
export interface CodeSent {
  resendAfterSeconds: number;
  codeExpiresInSeconds: number;
}
