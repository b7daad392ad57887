import { signOutAction } from "@/lib/actions/sign-out";

export function SignOutButton() {
  return (
    <form action={signOutAction}>
      <button
        type="submit"
        className="rounded-md px-3 py-1.5 text-sm hover:bg-zinc-200 dark:hover:bg-zinc-800"
      >
        Sign out
      </button>
    </form>
  );
}
