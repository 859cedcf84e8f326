import type { AccountInfo, SetInfoBody } from '@/contract/schemas/account';
import { post } from '@/lib/http';
import { ACCOUNT } from '@/lib/paths';

export const setInfo = (body: SetInfoBody) => post<AccountInfo>(ACCOUNT.setInfo, body, { quiet: true });
