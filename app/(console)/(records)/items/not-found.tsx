import { NotFoundPanel } from "@/components/ui/not-found-panel";

/** An item's address with a TokenID the project has no item with (or that is no TokenID). */
export default function ItemNotFound() {
  return (
    <NotFoundPanel
      title="Item not found"
      description="No item of this project has this TokenID (1 to 78 digits). Look the player up to see their items."
      back={{ href: "/players", label: "Go to players" }}
    />
  );
}
