import { redirect, type ParsedLocation } from '@tanstack/react-router';

/** To the sign-in page, which comes back here afterwards (SPEC §4). */
export const toLogin = (location: ParsedLocation) => redirect({ to: '/login', search: { redirect: location.href }, replace: true });
