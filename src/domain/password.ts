// The password rule, one for the server (sign-up, password reset) and the web app, which shows it
// before a person submits (issue 21) and checks it as they type: the same code, so the two never
// disagree. Length is the rule (NIST SP 800-63B): no composition rules, which push people to
// predictable patterns; the upper bound only keeps scrypt's input reasonable.
export const PASSWORD_LENGTH_MIN = 8;
export const PASSWORD_LENGTH_MAX = 200;

/** The rule in words, as the sign-up and reset forms show it. */
export const PASSWORD_RULE = `At least ${PASSWORD_LENGTH_MIN} characters (a phrase of a few words is easy to remember). At most ${PASSWORD_LENGTH_MAX}.`;

/** What is wrong with `password`, in the words of a field error, or null when it passes. */
export function passwordProblem(password: string): string | null {
  // Counted in code points, as a person counts characters (an emoji is one).
  const length = [...password].length;
  if (length < PASSWORD_LENGTH_MIN) return `must be at least ${PASSWORD_LENGTH_MIN} characters`;
  if (length > PASSWORD_LENGTH_MAX) return `must be at most ${PASSWORD_LENGTH_MAX} characters`;
  return null;
}
