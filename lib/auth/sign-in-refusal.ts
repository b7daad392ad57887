/**
 * What the sign-in form says for a refused sign-in, from the code lib/auth/auth.ts gives it
 * (docs/console.md, "Sign-in"). A wrong password and an unknown email read alike.
 */
export function signInRefusal(code: string): string {
  const throttled = /^throttled-(account|client|device)-(\d+)$/.exec(code);
  if (throttled) {
    const seconds = Number(throttled[2]);
    const wait = `try again in ${seconds} second${seconds === 1 ? "" : "s"}`;
    if (throttled[1] === "account") return `Too many wrong passwords or codes for this account: ${wait}.`;
    if (throttled[1] === "device") return `Too many wrong passwords or codes from this browser: ${wait}.`;
    return `Too many wrong passwords or codes from your network address: ${wait}.`;
  }
  if (code === "code-required")
    return "Enter the 6-digit code from your authenticator app, or a recovery code.";
  if (code === "invalid-code") return "That code is wrong or was already used: enter the current code.";
  // Two checks of this client's still running, or the line of checks full (lib/auth/hash-slots.ts).
  if (code === "busy") return "Too many sign-ins are being checked just now: try again in a moment.";
  return "Wrong email or password.";
}
