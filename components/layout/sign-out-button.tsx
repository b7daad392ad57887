import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { signOutAction } from "@/lib/actions/session/sign-out";

/**
 * Signing out in one click, beside the user menu (a plain form: it works before the page
 * hydrates). The `title` is its hint on hover; the name is its aria-label.
 */
export function SignOutButton() {
  return (
    <form action={signOutAction}>
      <Button type="submit" variant="ghost" size="icon" aria-label="Sign out" title="Sign out">
        <LogOut aria-hidden="true" />
      </Button>
    </form>
  );
}
