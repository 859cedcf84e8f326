import type { emailRegionBody, loginFormBody } from '@contract/schemas/auth';
import { EMAIL_MAX } from '@contract/schemas/fields';
import { FORM_POST_PAGES, refusalLocation, resetCodeLocation, sessionCookies, signInLanding } from '@contract/sign-in';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type * as v from 'valibot';
import type { AppEnv, Deps } from '../../deps';
import { asAppError } from '../../http/errors';
import { requestScheme } from '../../http/middleware';
import { resetPassword, signIn } from './service';

/*
 * The public forms posted by a page the app has not taken over yet (a slow phone): the sign-in (decision 100) and the
 * password reset's e-mail step (decision 105). The same schemas, services, limits and refusals as the JSON calls; the
 * answer is a 303 to where the app would go next (with the session's cookies as the PWA writes them, for a sign-in),
 * or a 303 back to the form's page with the refusal's code.
 */

/** The deep link the sign-in page was opened with: its `redirect`, read from the address of the page that posted. */
const pageRedirect = (c: Context): string | undefined => {
  try {
    return new URL(c.req.header('referer') ?? '').searchParams.get('redirect') ?? undefined;
  } catch {
    return undefined;
  }
};

/** Mails the reset code and lands on the code page, as the app's own reset does (decision 105). */
export async function resetByForm(
  deps: Deps,
  c: Context<AppEnv>,
  form: v.InferOutput<typeof emailRegionBody>,
): Promise<Response & TypedResponse<undefined, 303, 'redirect'>> {
  const sent = await resetPassword(deps, form, c.var.clientIp);
  return c.redirect(resetCodeLocation(form.email, sent.resendAfterSeconds), 303);
}

/** Signs in and lands: the cookies the PWA would write (remember me included), and the app's landing. */
export async function signInByForm(
  deps: Deps,
  c: Context<AppEnv>,
  form: v.InferOutput<typeof loginFormBody>,
): Promise<Response & TypedResponse<undefined, 303, 'redirect'>> {
  const { remember, ...credentials } = form;
  const { pair, staff } = await signIn(deps, credentials, c.var.clientIp);
  const secure = requestScheme(c, deps.config.TRUST_PROXY) === 'https';
  for (const cookie of sessionCookies(pair, remember === 'on', secure)) c.header('Set-Cookie', cookie, { append: true });
  return c.redirect(signInLanding(pageRedirect(c), staff), 303);
}

/** The e-mail of a refused post, from its body where it was read: the password never leaves it. */
async function sentEmail(c: Context): Promise<string | undefined> {
  const read = (c.req.bodyCache as { arrayBuffer?: Promise<ArrayBuffer> }).arrayBuffer;
  const form = new URLSearchParams(read ? new TextDecoder().decode(await read) : '');
  const email = form.get('email') ?? undefined;
  return email && email.length <= EMAIL_MAX ? email : undefined;
}

/**
 * Every refusal of a form post (the sign-in's, the reset's: decision 105), from the body's reading and the admission
 * gate to the service's, goes back to the form's page with its code and what was typed but the password: the page
 * shows it in its language. Bad input is
 * VALIDATION_ERROR ("Check the fields") with the e-mail kept: the fields' own codes would cost the sign-in page's first
 * load bytes for what the app's own check (which runs before any call) says once it runs.
 */
export const refusalsToFormPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.error) return;
  const refusal = asAppError(c.error);
  const email = await sentEmail(c);
  const location = refusalLocation({ error: refusal.code, redirect: pageRedirect(c), email }, FORM_POST_PAGES[c.req.path]);
  // Cleared first: Hono would copy the refusal's headers onto the redirect.
  c.res = undefined;
  c.res = new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
};
