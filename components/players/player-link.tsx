import { Link } from "@/components/ui/link";

/** A Customer ID that opens the player's page (any characters: the ID is URL-encoded). */
export function PlayerLink({ customerId }: { customerId: string }) {
  return (
    <Link href={`/players/${encodeURIComponent(customerId)}`} className="underline underline-offset-2">
      {customerId}
    </Link>
  );
}
