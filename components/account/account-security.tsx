"use client";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { FormError } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { enrolSecondFactorAction } from "@/lib/actions/account/enrol-second-factor";
import { changePasswordAction } from "@/lib/actions/account/set-password";
import { signOutEverywhereAction } from "@/lib/actions/account/sign-out-everywhere";
import { startEnrolmentAction } from "@/lib/actions/account/start-enrolment";

interface Enrolment {
  pending: string;
  secret: string;
  qrSvg: string;
}

/**
 * The Account page's controls: set up (or replace) the authenticator, change the password, sign out
 * everywhere. The page sits in the console's shell (app/console-shell.tsx), whose step-up dialog
 * and toast host it uses.
 */
export function AccountSecurity({ enrolled }: { userId: number; enrolled: boolean }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState("");
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useFormAction(startEnrolmentAction, {
    onSuccess: (data) => {
      setEnrolment(data);
      setCode("");
      finish.showErrors({});
    },
  });
  // Replacing an authenticator is a step-up; the hook asks for the old one's code and runs it again.
  // Its answer re-renders this page (the guard's revalidation): `enrolled` is true from then on.
  const finish = useFormAction(enrolSecondFactorAction, {
    success: "Two-factor sign-in is on.",
    onSuccess: (data) => {
      setEnrolment(null);
      setRecoveryCodes(data.recoveryCodes);
    },
  });
  // Every session ends, this one too: a full load of the sign-in page, so nothing of it stays.
  const signOut = useFormAction(signOutEverywhereAction, {
    failure: (error) => error,
    onSuccess: () => window.location.assign("/sign-in"),
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
                <Button variant="outline" size="sm" onClick={() => setRecoveryCodes(null)}>
                  I have saved them
                </Button>
              </div>
            </div>
          ) : enrolment ? (
            <Form
              className="flex flex-col gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                if (enrolment) void finish.run({ pending: enrolment.pending, code });
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
              <Field
                id="enrol-code"
                label="Code from the app"
                error={finish.fieldErrors.code ? `Code ${finish.fieldErrors.code}.` : finish.error}
              >
                <Input
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  className="max-w-40 font-mono tracking-widest"
                />
              </Field>
              <div className="flex gap-2">
                <Button type="submit" disabled={finish.pending}>
                  {finish.pending ? "Checking…" : "Turn on"}
                </Button>
                <Button type="button" variant="outline" onClick={() => setEnrolment(null)}>
                  Cancel
                </Button>
              </div>
            </Form>
          ) : (
            <div className="flex flex-col gap-2">
              <div>
                <Button onClick={() => void start.run({})} disabled={start.pending}>
                  {enrolled ? "Replace authenticator" : "Set up two-factor sign-in"}
                </Button>
              </div>
              <FormError message={start.error} />
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
        <CardContent className="flex flex-col items-start gap-2">
          <ConfirmButton
            label="Sign out everywhere"
            variant="outline"
            size="sm"
            pending={signOut.pending}
            title="Sign out everywhere?"
            confirmLabel="Sign out everywhere"
            pendingLabel="Signing out…"
            tone="danger"
            onConfirm={async () => {
              await signOut.run({});
            }}
          >
            <p>Every browser signed in to your account, this one included, goes back to the sign-in page.</p>
          </ConfirmButton>
          <FormError message={signOut.error} />
        </CardContent>
      </Card>
    </>
  );
}

/** One's own new password, after the current one; other sessions end, this one goes on. */
function PasswordCard() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [changed, setChanged] = useState(false);
  const change = useFormAction(changePasswordAction, {
    success: "Password changed.",
    // The field that is wrong says so; the sentence shows only when no field is named.
    sentence: "unless-fields",
    onStart: () => setChanged(false),
    onSuccess: () => {
      setCurrent("");
      setNext("");
      setChanged(true);
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>At least 10 characters. Every other session of your account ends.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          className="flex max-w-sm flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void change.run({ currentPassword: current, password: next });
          }}
        >
          <Field id="current-password" label="Current password" error={change.fieldErrors.currentPassword}>
            <Input
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </Field>
          <Field id="new-password" label="New password" error={change.fieldErrors.password}>
            <Input
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
          </Field>
          <FormError message={change.error} />
          {changed ? (
            <p role="status" data-testid="password-changed" className="text-sm text-success">
              Your password is changed; every other session of your account has ended.
            </p>
          ) : null}
          <div>
            <Button type="submit" variant="outline" disabled={change.pending}>
              {change.pending ? "Changing…" : "Change password"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
