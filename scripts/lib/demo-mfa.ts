/**
 * What `npm run demo` tells its console about owners' second factor (docs/console.md, "Two-factor
 * sign-in"): demo users sign in with a password alone, so the demo starts in two commands;
 * DEMO_MFA=1 makes owners set it up, as a real console does; a CONSOLE_OWNER_MFA given wins.
 */
export function demoOwnerMfa(env: Record<string, string | undefined>): string {
  if (env.CONSOLE_OWNER_MFA) return env.CONSOLE_OWNER_MFA;
  return env.DEMO_MFA === "1" ? "required" : "optional";
}
