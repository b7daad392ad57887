import type { Metadata } from "next";
import { Link } from "@/components/ui/link";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Not allowed" };

export default function NotAllowedPage() {
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 px-6 py-16">
      <h1 className="text-2xl font-semibold">Not allowed</h1>
      <p>Your role does not allow this page. Ask a project owner if you need it.</p>
      <Link href="/" className="underline">
        Back to the console
      </Link>
    </main>
  );
}
