import type { Region } from '@contract/enums';
import type { LoginBody, RegisterBody } from '@contract/schemas/auth';
import { post, publicCall } from '@/lib/http';

export const login = (json: LoginBody) => post('/api/front/auth/login', { json, ...publicCall });
export const register = (json: RegisterBody) => post('/api/front/auth/register', { json, ...publicCall });
export const registerConfirm = (json: { verifyCode: string; email: string; region: Region }) =>
  post('/api/front/auth/register-confirm', { json, ...publicCall });
export const resendConfirmEmail = (json: { email: string; region: Region }) =>
  post('/api/front/auth/resend-confirm-email', { json, ...publicCall });
export const resetPassword = (json: { email: string; region: Region }) => post('/api/front/auth/reset-password', { json, ...publicCall });
export const resetPasswordConfirm = (json: { verifyCode: string; email: string; region: Region }) =>
  post('/api/front/auth/reset-password-confirm', { json, ...publicCall });
