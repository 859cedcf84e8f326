import { email } from '@contract/schemas/fields';
import * as v from 'valibot';

// Kept apart from api.ts: the sign-in page imports the API but must not pull valibot into the first load.

/** The forms that only ask for an address (a reset code, a new confirmation code). */
export const emailBody = v.object({ email });
