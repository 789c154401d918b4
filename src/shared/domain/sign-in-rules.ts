/** SPEC §5 Sign in: email and password must both be non-blank. Answers which fields are missing. */
export function signInProblems(email: string, password: string): { email: boolean; password: boolean } {
  return { email: email.trim() === '', password: password === '' };
}

/** SPEC §5: the email is lowercased as typed. */
export function normaliseEmailInput(value: string): string {
  return value.toLowerCase();
}
