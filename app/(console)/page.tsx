import { redirect } from "next/navigation";
import { requirePageUser } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

/** Home is the catalogue: what every role reads first. */
export default async function HomePage() {
  await requirePageUser("catalogue:read");
  redirect("/catalogue/products");
}
