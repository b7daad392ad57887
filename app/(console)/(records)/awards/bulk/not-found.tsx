import { NotFoundPanel } from "@/components/ui/not-found-panel";

/** A batch's address with a number there is no batch of. */
export default function BatchNotFound() {
  return (
    <NotFoundPanel
      title="Batch not found"
      description="There is no bulk award batch with this number."
      back={{ href: "/awards/bulk", label: "Go to bulk awards" }}
    />
  );
}
