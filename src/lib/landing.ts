import type { Viewer } from './router-meta';

/**
 * Where a person arrives (decision 066): someone whose roles in the selected company allow only the till lands on
 * it — when the app opens at `/` (the installed app's start) and after signing in; the dashboard stays a tap away.
 * Loaded with the route tree (the index route reads it): keep it tiny.
 */
let arriving = true;

/** The auth pages call this: the next signed-in page is an arrival again. */
export const expectArrival = (): void => {
  arriving = true;
};

/** Any signed-in page shown ends the arrival; the index route asks first. */
export const endArrival = (): boolean => {
  const was = arriving;
  arriving = false;
  return was;
};

export const tillOnly = ({ roles, company }: Viewer): boolean =>
  company && roles.includes('roleRedeemer') && !roles.includes('roleAdmin') && !roles.includes('roleAccountant');
