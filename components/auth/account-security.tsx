"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { enrolSecondFactorAction } from "@/lib/actions/account/enrol-second-factor";
import { changePasswordAction } from "@/lib/actions/account/set-password";
import { signOutEverywhereAction } from "@/lib/actions/account/sign-out-everywhere";
import { startEnrolmentAction } from "@/lib/actions/account/start-enrolment";
import { StepUpProvider, useStepUp } from "./step-up";

interface Enrolment {
  pending: string;
  secret: string;
  qrSvg: string;
}

/** The Account page's controls: set up (or replace) the authenticator, and sign out everywhere. */
export function AccountSecurity(props: { userId: number; enrolled: boolean }) {
  return (
    <StepUpProvider>
      <Security {...props} />
    </StepUpProvider>
  );
}

function Security({ enrolled }: { userId: number; enrolled: boolean }) {
  const router = useRouter();
  const stepUp = useStepUp();
  const [pending, startTransition] = useTransition();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = () =>
    startTransition(async () => {
      const result = await startEnrolmentAction({});
      if (result.ok) {
        setEnrolment(result.data);
        setCode("");
        setError(null);
      } else setError(result.error);
    });
  const finish = () =>
    startTransition(async () => {
      if (!enrolment) return;
      const result = await stepUp(() => enrolSecondFactorAction({ pending: enrolment.pending, code }));
      if (!result.ok) {
        setError(result.fieldErrors?.code ? `Code ${result.fieldErrors.code}.` : result.error);
        return;
      }
      setEnrolment(null);
      setRecoveryCodes(result.data.recoveryCodes);
      toast.success("Two-factor sign-in is on.");
    });

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Two-factor sign-in</CardTitle>
          <CardDescription>
            {enrolled || recoveryCodes
              ? "On: signing in asks for a code from your authenticator app, and so do payments and changes to people, connections and settings."
              : "Off: set it up with an authenticator app (1Password, Google Authenticator, Authy…)."}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {recoveryCodes ? (
            <div className="flex flex-col gap-2" data-testid="recovery-codes">
              <p className="text-sm font-medium">
                Your recovery codes — each works once if you lose your phone. Keep them somewhere safe: they
                are not shown again.
              </p>
              <ul className="grid grid-cols-2 gap-1 rounded-md border border-border bg-muted p-3 font-mono text-sm">
                {recoveryCodes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
              <div className="flex gap-2">
                <CopyButton value={recoveryCodes.join("\n")} what="recovery codes" />
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    setRecoveryCodes(null);
                    router.refresh();
                  }}
                >
                  I have saved them
                </Button>
              </div>
            </div>
          ) : enrolment ? (
            <form
              noValidate
              className="flex flex-col gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                finish();
              }}
            >
              <p className="text-sm">
                Scan this code with your authenticator app, then enter the 6-digit code it shows.
              </p>
              <div
                className="size-48 rounded-md bg-white p-2"
                role="img"
                aria-label="QR code of your new authenticator secret"
                // The SVG comes from the qrcode library on our server, from our own otpauth URI.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, no user input in markup
                dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
              />
              <p className="text-sm text-muted-foreground">
                Can't scan? Enter this key instead:{" "}
                <code className="font-mono text-foreground" data-testid="totp-secret">
                  {enrolment.secret}
                </code>
              </p>
              <Field id="enrol-code" label="Code from the app" error={error}>
                <Input
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  className="max-w-40 font-mono tracking-widest"
                />
              </Field>
              <div className="flex gap-2">
                <Button type="submit" disabled={pending}>
                  {pending ? "Checking…" : "Turn on"}
                </Button>
                <Button type="button" variant="outline" onClick={() => setEnrolment(null)}>
                  Cancel
                </Button>
              </div>
            </form>
          ) : (
            <div className="flex flex-col gap-2">
              <div>
                <Button onClick={start} disabled={pending}>
                  {enrolled ? "Replace authenticator" : "Set up two-factor sign-in"}
                </Button>
              </div>
              {error ? (
                <p role="status" className="text-sm text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
          )}
        </CardContent>
      </Card>
      <PasswordCard />
      <Card>
        <CardHeader>
          <CardTitle>Sessions</CardTitle>
          <CardDescription>
            Signed in somewhere you should not be, or on a shared computer? End every session of your account,
            this one included.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ConfirmButton
            label="Sign out everywhere"
            variant="outline"
            size="sm"
            pending={pending}
            title="Sign out everywhere?"
            confirmLabel="Sign out everywhere"
            pendingLabel="Signing out…"
            tone="danger"
            onConfirm={async () => {
              const result = await signOutEverywhereAction({});
              if (result.ok) window.location.assign("/sign-in");
              else toast.error(result.error);
            }}
          >
            <p>Every browser signed in to your account, this one included, goes back to the sign-in page.</p>
          </ConfirmButton>
        </CardContent>
      </Card>
    </>
  );
}

/** One's own new password, after the current one; other sessions end, this one goes on. */
function PasswordCard() {
  const [pending, startTransition] = useTransition();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>At least 10 characters. Every other session of your account ends.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="flex max-w-sm flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            startTransition(async () => {
              const result = await changePasswordAction({ currentPassword: current, password: next });
              setError(result.ok ? null : result.error);
              if (result.ok) {
                setCurrent("");
                setNext("");
                toast.success("Password changed.");
              }
            });
          }}
        >
          <Field id="current-password" label="Current password">
            <Input
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </Field>
          <Field id="new-password" label="New password" error={error}>
            <Input
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
          </Field>
          <div>
            <Button type="submit" variant="outline" disabled={pending}>
              {pending ? "Changing…" : "Change password"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
