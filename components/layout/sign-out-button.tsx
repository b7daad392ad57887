import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";
import { signOutAction } from "@/lib/actions/sign-out";

/** Signing out in one click, beside the user menu (a plain form: it works before the page hydrates). */
export function SignOutButton() {
  return (
    <form action={signOutAction}>
      <Tooltip content="Sign out" side="bottom">
        <Button type="submit" variant="ghost" size="icon" aria-label="Sign out">
          <LogOut aria-hidden="true" />
        </Button>
      </Tooltip>
    </form>
  );
}
