"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Opens one award's timeline by its RequestID. */
export function RequestIdSearch() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  return (
    <search aria-label="Find an award">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const id = String(new FormData(event.currentTarget).get("requestId") ?? "").trim();
          if (!UUID.test(id)) return setError("Request ID must be a UUID (8-4-4-4-12 hexadecimal digits).");
          setError(null);
          router.push(`/awards/${id.toLowerCase()}`);
        }}
        className="flex flex-wrap items-end gap-2"
      >
        <div className="flex w-full max-w-96 flex-col gap-1">
          <label htmlFor="requestId" className="text-sm font-medium">
            Request ID
          </label>
          <input
            id="requestId"
            name="requestId"
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "requestId-error" : undefined}
            className="w-full rounded-md border border-zinc-300 bg-white px-3 py-1.5 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
        </div>
        <button
          type="submit"
          className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700"
        >
          Find
        </button>
        {error ? (
          <p id="requestId-error" className="w-full text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </form>
    </search>
  );
}
