/** SPEC §9 minimum password lengths: 8 on change, 6 on reset and on invite acceptance (and sign-up). */
export const minimumPasswordLength = { change: 8, reset: 6, invite: 6, signup: 6 } as const;
