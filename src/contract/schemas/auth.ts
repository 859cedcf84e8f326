import * as v from 'valibot';
import { LOCALES, REGIONS } from '../enums';
import { currentPassword, email, NAME_MAX, oneOf, password, phone, requiredText, token, verifyCode } from './fields';

const region = oneOf(REGIONS);
const locale = oneOf(LOCALES);

export const loginBody = v.object({ email, password: currentPassword });
/** The sign-in form as a browser posts it without the app (decision 100): the login's fields, and the checkbox's `on`. */
export const loginFormBody = v.object({ ...loginBody.entries, remember: v.optional(v.literal('on')) });
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

/** The fields of every form that sets a password (here and in the invitation, schemas/users.ts). */
export const newPassword = { password, repeatPassword: currentPassword };
export const REPEAT_PATHS = [['password'], ['repeatPassword']] as const;
// The mismatch is reported on the repeat field (each schema with `newPassword` forwards it there).
export const repeatMatches = (input: { password: string; repeatPassword: string }) => input.password === input.repeatPassword;

/** The new-password form of the reset flow: the confirmed reset code stands in for the current password. */
export const newPasswordBody = v.pipe(
  v.object(newPassword),
  v.forward(v.partialCheck(REPEAT_PATHS, repeatMatches, 'PASSWORDS_DO_NOT_MATCH'), ['repeatPassword']),
);

/**
 * change-password: `currentPassword` may be left out only in the window that a confirmed reset code opens.
 * The profile form sends it always, so there an empty field is REQUIRED.
 */
export const changePasswordBody = v.pipe(
  v.object({ currentPassword: v.optional(currentPassword), ...newPassword }),
  v.forward(v.partialCheck(REPEAT_PATHS, repeatMatches, 'PASSWORDS_DO_NOT_MATCH'), ['repeatPassword']),
  // A change that changes nothing is a mistake; after a reset code the server compares with the stored one.
  v.forward(
    v.partialCheck([['currentPassword'], ['password']], (input) => input.currentPassword !== input.password, 'PASSWORD_SAME'),
    ['password'],
  ),
);

/** GET auth-correction only checks the link; POST also sets the password and confirms the address. */
export const authCorrectionQuery = v.object({ email, token });
export const authCorrectionBody = v.pipe(
  v.object({ email, token, ...newPassword }),
  v.forward(v.partialCheck(REPEAT_PATHS, repeatMatches, 'PASSWORDS_DO_NOT_MATCH'), ['repeatPassword']),
);

export type LoginBody = v.InferInput<typeof loginBody>;
export type RegisterBody = v.InferInput<typeof registerBody>;
export type NewPasswordBody = v.InferInput<typeof newPasswordBody>;
export type ChangePasswordBody = v.InferInput<typeof changePasswordBody>;
export type AuthCorrectionBody = v.InferInput<typeof authCorrectionBody>;

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
