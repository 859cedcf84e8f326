import {
  authCorrectionBody,
  authCorrectionQuery,
  changePasswordBody,
  emailRegionBody,
  loginBody,
  loginFormBody,
  refreshBody,
  registerBody,
  registerConfirmBody,
  resetPasswordConfirmBody,
} from '@contract/schemas/auth';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { describe, validate } from '../../http/validate';
import { resetByForm, signInByForm } from './form-posts';
import { requireAuth } from './require-auth';
import * as auth from './service';

const tag = 'auth';

/** SPEC §7, under /api/front/auth. */
export const authRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .post('/login', describe({ tag, summary: 'Sign in with e-mail and password' }), validate('json', loginBody), async (c) =>
      c.json({ data: await auth.login(deps, c.req.valid('json'), c.var.clientIp) }),
    )
    .post(
      '/login-form',
      describe({
        tag,
        summary:
          'The sign-in form posted before the app runs (decision 100): same-origin only; 303 to where the app lands with the session cookies set, or back to the sign-in page with the refusal’s code',
      }),
      validate('form', loginFormBody),
      (c) => signInByForm(deps, c, c.req.valid('form')),
    )
    .post(
      '/refresh',
      describe({ tag, summary: 'Rotate the refresh token for a new access token' }),
      validate('json', refreshBody),
      async (c) => c.json({ data: await auth.refresh(deps, c.req.valid('json')) }),
    )
    .post('/register', describe({ tag, summary: 'Register and mail a confirmation code' }), validate('json', registerBody), async (c) =>
      c.json({ data: await auth.register(deps, c.req.valid('json'), c.var.clientIp) }),
    )
    .post(
      '/register-confirm',
      describe({ tag, summary: 'Confirm the e-mail with the code; signs in' }),
      validate('json', registerConfirmBody),
      async (c) => c.json({ data: await auth.registerConfirm(deps, c.req.valid('json')) }),
    )
    .post(
      '/resend-confirm-email',
      describe({ tag, summary: 'Mail a new confirmation code' }),
      validate('json', emailRegionBody),
      async (c) => c.json({ data: await auth.resendConfirmEmail(deps, c.req.valid('json'), c.var.clientIp) }),
    )
    .post('/reset-password', describe({ tag, summary: 'Mail a password-reset code' }), validate('json', emailRegionBody), async (c) =>
      c.json({ data: await auth.resetPassword(deps, c.req.valid('json'), c.var.clientIp) }),
    )
    .post(
      '/reset-password-form',
      describe({
        tag,
        summary:
          'The reset’s e-mail form posted before the app runs (decision 105): same-origin only; 303 to the code page once the code is mailed, or back to the e-mail page with the refusal’s code',
      }),
      validate('form', emailRegionBody),
      (c) => resetByForm(deps, c, c.req.valid('form')),
    )
    .post(
      '/reset-password-confirm',
      describe({ tag, summary: 'Check the reset code; signs in' }),
      validate('json', resetPasswordConfirmBody),
      async (c) => c.json({ data: await auth.resetPasswordConfirm(deps, c.req.valid('json')) }),
    )
    .post(
      '/change-password',
      describe({
        tag,
        summary: 'Set a new password (needs the current one, except once right after a reset code); ends the other logins',
      }),
      requireAuth(deps),
      validate('json', changePasswordBody),
      async (c) => {
        await auth.changePassword(deps, c.var.auth, c.req.valid('json'));
        return c.json({ data: { changed: true } });
      },
    )
    .post('/logout', describe({ tag, summary: 'End this login' }), requireAuth(deps), async (c) => {
      await auth.logout(deps, c.var.auth);
      return c.json({ data: { loggedOut: true } });
    })
    .get(
      '/auth-correction',
      describe({ tag, summary: 'Check the link in the registration mail (changes nothing)' }),
      validate('query', authCorrectionQuery),
      async (c) => c.json({ data: await auth.checkAuthCorrection(deps, c.req.valid('query')) }),
    )
    .post(
      '/auth-correction',
      describe({ tag, summary: 'Set the password from the link in the registration mail; confirms the e-mail' }),
      validate('json', authCorrectionBody),
      async (c) => c.json({ data: await auth.confirmAuthCorrection(deps, c.req.valid('json')) }),
    );
