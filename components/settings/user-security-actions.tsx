"use client";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Input } from "@/components/ui/input";
import { resetPasswordAction } from "@/lib/actions/account/set-password";
import { signOutUserEverywhereAction } from "@/lib/actions/account/sign-out-everywhere";
import { resetSecondFactorAction } from "@/lib/actions/users/reset-second-factor";

export interface UserSecurityActionsProps {
  userId: number;
  email: string;
  mfaEnrolled: boolean;
  you: boolean;
}

/** An owner ends someone's sessions, or resets their second factor (a lost phone); both step-up and audited. */
export function UserSecurityActions({ userId, email, mfaEnrolled, you }: UserSecurityActionsProps) {
  const [password, setPassword] = useState("");
  const signOut = useFormAction(signOutUserEverywhereAction, {
    success: (data) => `${email}: ${data.ended} session(s) ended.`,
  });
  const setNewPassword = useFormAction(resetPasswordAction, {
    success: `${email} has a new password; their sessions ended.`,
  });
  const resetSecondFactor = useFormAction(resetSecondFactorAction, {
    success: `${email} sets up two-factor again at their next sign-in.`,
  });
  const acts = [signOut, setNewPassword, resetSecondFactor];
  // One line under the row says how the last act went: each act clears what the others said.
  const only = (act: (typeof acts)[number]) => {
    for (const other of acts) if (other !== act) other.showErrors({});
  };
  const error = acts.find((act) => act.error !== null)?.error ?? null;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2">
        {you ? null : (
          <ConfirmButton
            label="Sign out everywhere"
            ariaLabel={`Sign ${email} out everywhere`}
            variant="outline"
            size="sm"
            title={`Sign ${email} out everywhere?`}
            confirmLabel="Sign out everywhere"
            pendingLabel="Signing out…"
            tone="danger"
            onConfirm={async () => {
              only(signOut);
              await signOut.run({ userId });
            }}
          >
            <p>Every browser signed in as {email} goes back to the sign-in page on its next click.</p>
          </ConfirmButton>
        )}
        {you ? null : (
          <ConfirmButton
            label="Set password"
            ariaLabel={`Set a new password for ${email}`}
            variant="outline"
            size="sm"
            title={`Set a new password for ${email}?`}
            confirmLabel="Set password"
            pendingLabel="Setting…"
            confirmDisabled={password.length < 10}
            onConfirm={async () => {
              only(setNewPassword);
              await setNewPassword.run({ userId, password });
              setPassword("");
            }}
          >
            <p className="mb-2">For a forgotten password: pass it on to them yourself. Their sessions end.</p>
            <Input
              type="password"
              aria-label="New password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </ConfirmButton>
        )}
        {mfaEnrolled && !you ? (
          <ConfirmButton
            label="Reset two-factor"
            ariaLabel={`Reset two-factor of ${email}`}
            variant="outline"
            size="sm"
            title={`Reset the two-factor sign-in of ${email}?`}
            confirmLabel="Reset two-factor"
            pendingLabel="Resetting…"
            tone="danger"
            onConfirm={async () => {
              only(resetSecondFactor);
              await resetSecondFactor.run({ userId });
            }}
          >
            <p>
              For a lost phone: their authenticator and recovery codes stop working and their sessions end.
              They sign in with their password and set up a new authenticator.
            </p>
          </ConfirmButton>
        ) : null}
      </div>
      {error ? (
        <p role="status" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
