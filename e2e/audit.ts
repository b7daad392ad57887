import { type Browser, expect } from "@playwright/test";
import { storageState } from "./roles";

/** One row of the audit log as the JSON Lines export gives it (lib/audit/audit-export.ts). */
export interface AuditLine {
  id: number;
  at: string;
  actor: string;
  kind: string;
  project: string;
  client: string;
  summary: string;
  detail: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

/** Every audit row of one kind, as an owner exports them (docs/console.md, "Audit log"). */
export async function auditRowsOf(browser: Browser, kind: string): Promise<AuditLine[]> {
  const owner = await browser.newContext({ storageState: storageState("owner") });
  try {
    const answer = await owner.request.get(`/audit/export.jsonl?kind=${encodeURIComponent(kind)}`);
    expect(answer.status()).toBe(200);
    return (await answer.text())
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as AuditLine);
  } finally {
    await owner.close();
  }
}
