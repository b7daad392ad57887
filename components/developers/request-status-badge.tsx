import { Badge, type BadgeTone } from "@/components/ui/badge";

const tone = (status: number): BadgeTone =>
  status >= 500
    ? "danger"
    : status >= 400
      ? "warning"
      : status >= 200 && status < 300
        ? "success"
        : "neutral";

/** An HTTP status the service answered, coloured by its class (the number carries the meaning). */
export function RequestStatusBadge({ status }: { status: number }) {
  return <Badge tone={tone(status)}>{status}</Badge>;
}
