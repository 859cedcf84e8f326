import type { SetInfoBody } from '@contract/schemas/account';
import { post } from '@/lib/http';

export const setInfo = (json: SetInfoBody) => post('/api/front/user/account/set-info', { json, quiet: true });
