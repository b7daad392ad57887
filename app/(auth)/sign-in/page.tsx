import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/forms/sign-in-form";
import { currentUser } from "@/lib/auth/current-user";
import { safeReturnPath } from "@/lib/auth/return-path";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: PageProps<"/sign-in">) {
  const next = safeReturnPath((await searchParams).next);
  if (await currentUser()) redirect(next);
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Game Commerce Console</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Sign in with your console account.</p>
      </div>
      <SignInForm next={next} />
    </main>
  );
}
