/** SPEC §7: the API paths, in one place. */
export const AUTH = {
  login: '/api/front/auth/login',
  refresh: '/api/front/auth/refresh',
  register: '/api/front/auth/register',
  registerConfirm: '/api/front/auth/register-confirm',
  resetPassword: '/api/front/auth/reset-password',
  resetPasswordConfirm: '/api/front/auth/reset-password-confirm',
  changePassword: '/api/front/auth/change-password',
  resendConfirmEmail: '/api/front/auth/resend-confirm-email',
  logout: '/api/front/auth/logout',
  authCorrection: '/api/front/auth/auth-correction',
} as const;

export const ACCOUNT = {
  getInfo: '/api/front/user/account/get-info',
  getSettings: '/api/front/user/account/get-settings',
  setInfo: '/api/front/user/account/set-info',
  setSettings: '/api/front/user/account/set-settings',
} as const;

export const SUPPLIER = {
  index: '/api/front/supplier/supplier/index',
} as const;
