import { displayNameMaxLength } from './auth.ts';

/** What the profile form shows as its limits; the schema below enforces the same. */
export const profileLimits = { displayName: displayNameMaxLength } as const;
