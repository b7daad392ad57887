"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Opens one award's timeline by its RequestID. */
export function RequestIdSearch() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  return (
    <search aria-label="Find an award">
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          const id = String(new FormData(event.currentTarget).get("requestId") ?? "").trim();
          if (!UUID.test(id)) return setError("Request ID must be a UUID (8-4-4-4-12 hexadecimal digits).");
          setError(null);
          router.push(`/awards/${id.toLowerCase()}`);
        }}
        className="flex flex-wrap items-end gap-2"
      >
        <Field id="requestId" label="Request ID" className="w-full max-w-96">
          <Input
            name="requestId"
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "requestId-error" : undefined}
            className="font-mono"
          />
        </Field>
        <Button type="submit" variant="outline">
          Find
        </Button>
        {error ? (
          <p id="requestId-error" className="w-full text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </Form>
    </search>
  );
}
