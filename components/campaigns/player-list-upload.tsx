"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";

interface Problem {
  line: number;
  message: string;
}

/**
 * Saves a player list from a CSV file (docs/console.md, "Player lists"): the file goes up as the
 * request's body (POST /api/player-lists), so a million players never pass through a form's
 * memory; the answer is the list, or the file's problems row by row, and then nothing was saved.
 */
export function PlayerListUpload() {
  const router = useRouter();
  const [name, setName] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [fieldErrors, setFieldErrors] = useState<{ name?: string; file?: string }>({});

  const upload = async () => {
    const missing = {
      ...(name.trim() === "" ? { name: "is required" } : {}),
      ...(file ? {} : { file: "choose a CSV file" }),
    };
    setFieldErrors(missing);
    if (!file || Object.keys(missing).length > 0) return;
    setPending(true);
    setError(null);
    setProblems([]);
    try {
      const query = new URLSearchParams({ name: name.trim(), file: file.name });
      const response = await fetch(`/api/player-lists?${query}`, {
        method: "POST",
        body: file,
        headers: { "content-type": "text/csv" },
      });
      const answer = (await response.json()) as {
        error?: string;
        problems?: Problem[];
        listId?: number;
        players?: number;
      };
      if (!response.ok) {
        setError(answer.error ?? "The list was not saved.");
        setProblems(answer.problems ?? []);
        return;
      }
      toast.success(`List "${name.trim()}" saved: ${answer.players} players.`);
      setName("");
      setFile(null);
      // A route, not an action: the page is read again to show the new list.
      router.refresh();
    } catch {
      setError("The console could not be reached: nothing was saved. Try again.");
    } finally {
      setPending(false);
    }
  };

  return (
    <Form
      aria-label="Upload a player list"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void upload();
      }}
    >
      <Field label="List name" error={fieldErrors.name}>
        <Input name="name" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
      </Field>
      <Field
        label="CSV file"
        hint="A customer_id column, and an amount column if each player gets their own amount. Up to 1,000,000 players."
        error={fieldErrors.file}
      >
        <Input
          type="file"
          name="file"
          accept=".csv,text/csv"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </Field>
      {error ? (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p className="font-medium text-destructive">{error}</p>
          {problems.length > 0 ? (
            <ul className="mt-2 list-disc pl-5">
              {problems.map((problem) => (
                <li key={`${problem.line}-${problem.message}`}>
                  Line {problem.line}: {problem.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Uploading…" : "Upload list"}
        </Button>
      </div>
    </Form>
  );
}
