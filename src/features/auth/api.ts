import type { Region } from '@/contract/enums';
import type { CodeSent, LoginBody, RegisterBody, TokenPair } from '@/contract/schemas/auth';
import { get, post } from '@/lib/http';
import { AUTH } from '@/lib/paths';

// The public auth calls carry no token; forms show their own errors (quiet).
const publicCall = { auth: false, quiet: true } as const;

export const login = (body: LoginBody) => post<TokenPair>(AUTH.login, body, publicCall);
export const register = (body: RegisterBody) => post<CodeSent>(AUTH.register, body, publicCall);
export const registerConfirm = (body: { verifyCode: string; email: string; region: Region }) => post<TokenPair>(AUTH.registerConfirm, body, publicCall);
export const resendConfirmEmail = (body: { email: string; region: Region }) => post<CodeSent>(AUTH.resendConfirmEmail, body, publicCall);
export const resetPassword = (body: { email: string; region: Region }) => post<CodeSent>(AUTH.resetPassword, body, publicCall);
export const resetPasswordConfirm = (body: { verifyCode: string; email: string; region: Region }) => post<TokenPair>(AUTH.resetPasswordConfirm, body, publicCall);
export const authCorrection = (query: { email: string; token: string }) => get<unknown>(AUTH.authCorrection, { ...publicCall, query });

