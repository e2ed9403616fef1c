/**
 * Whether an answer is the caller's own (issue 24, finding 3). A public endpoint called with a valid token runs
 * as that caller (a staff member sees unpublished reviews with patients' names), so its answer must never be
 * kept by a shared cache: it is personal (`no-store`, `Vary: Authorization`, no CDN header). Only answers
 * computed as anon, for everyone alike, may be public and cacheable.
 */
export function answerIsPersonal(input: { auth: 'public' | 'user' | 'patient' | 'staff'; signedIn: boolean }): boolean {
  return input.auth !== 'public' || input.signedIn;
}
