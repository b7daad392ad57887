import { NotFoundPanel } from "@/components/ui/not-found-panel";

/** An award's address with a RequestID this console never sent. */
export default function AwardNotFound() {
  return (
    <NotFoundPanel
      title="Award not found"
      description="This console sent no award with this RequestID. Search the history by player or RequestID."
      back={{ href: "/awards", label: "Go to the award history" }}
    />
  );
}
