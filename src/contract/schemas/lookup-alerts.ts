import * as v from 'valibot';
import { LOOKUP_ALERT_LIMITS, type LookupAlertSettings } from '../lookup-alerts';
import { supplierId } from './redemption';

/** A whole number within its bounds (the form sends what was typed as a number; empty is absent). */
const bounded = (name: keyof LookupAlertSettings) =>
  v.pipe(
    v.number((issue) => (issue.input === undefined || issue.input === null ? 'REQUIRED' : 'WRONG_TYPE')),
    v.integer('WRONG_TYPE'),
    v.minValue(LOOKUP_ALERT_LIMITS[name].min, 'VALUE_TOO_SMALL'),
    v.maxValue(LOOKUP_ALERT_LIMITS[name].max, 'VALUE_TOO_LARGE'),
  );

/** A company's failed-lookup alert thresholds (decision 097), checked alike by the settings card and the server. */
export const lookupAlertSettingsBody = v.object({
  supplierId,
  tillMax: bounded('tillMax'),
  certificateMax: bounded('certificateMax'),
  windowMinutes: bounded('windowMinutes'),
});
export type LookupAlertSettingsBody = v.InferOutput<typeof lookupAlertSettingsBody>;
