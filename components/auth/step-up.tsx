"use client";
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { confirmSecondFactorAction } from "@/lib/actions/account/confirm-second-factor";
import type { ActionResult } from "@/lib/model/action-result";

type Guard = <T>(run: () => Promise<ActionResult<T>>) => Promise<ActionResult<T>>;

const StepUpContext = createContext<Guard | null>(null);

/**
 * Step-up (docs/console.md, "Two-factor sign-in"): when the server refuses an action for want of a
 * fresh second factor, this asks for a code, confirms it on the server and runs the action once
 * more. The server decides; this only offers the way through.
 */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const close = (confirmed: boolean) => {
    setOpen(false);
    answer.current?.(confirmed);
    answer.current = null;
  };

  // Stable, so forms may list it as a dependency; it only touches setters and a ref.
  const guard = useCallback<Guard>(async (run) => {
    const result = await run();
    if (result.ok || !result.stepUp) return result;
    const confirmed = await new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setCode("");
      setError(null);
      setOpen(true);
    });
    return confirmed ? run() : result;
  }, []);

  const confirm = async () => {
    setPending(true);
    const result = await confirmSecondFactorAction({ code });
    setPending(false);
    if (result.ok) close(true);
    else setError(result.error);
  };

  return (
    <StepUpContext.Provider value={guard}>
      {children}
      <ConfirmDialog
        open={open}
        title="Confirm it is you"
        confirmLabel="Confirm"
        pendingLabel="Checking…"
        pending={pending}
        confirmDisabled={code.trim() === ""}
        onConfirm={() => void confirm()}
        onCancel={() => close(false)}
        testId="step-up-dialog"
      >
        <p>
          This changes money, people or connections: enter the current code from your authenticator app (or a
          recovery code).
        </p>
        <Field id="step-up-code" label="Authentication code" error={error}>
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode="text"
            autoFocus
            className="font-mono tracking-widest"
          />
        </Field>
      </ConfirmDialog>
    </StepUpContext.Provider>
  );
}

/** Wraps a server action call so a step-up refusal asks for a code and tries once more. */
export function useStepUp(): Guard {
  const guard = useContext(StepUpContext);
  return guard ?? ((run) => run());
}
