"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { Field } from "@/components/ui/field";
import { FormError, SaveButton } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";
import { changeSettingsAction } from "@/lib/actions/change-settings";

export interface SecuritySettingsFormProps {
  settings: {
    mfaRequiredFor: "owners" | "everyone";
    idleTimeoutMinutes: number;
    auditRetentionDays: number | null;
  };
  /** CONSOLE_OWNER_MFA=optional (demos and tests): owners are not made to set up a second factor. */
  ownersMfaWaived: boolean;
}

/** Settings → Security: the policies, saved together (step-up; audited with old and new values). */
export function SecuritySettingsForm({ settings, ownersMfaWaived }: SecuritySettingsFormProps) {
  const router = useRouter();
  const stepUp = useStepUp();
  const [pending, startTransition] = useTransition();
  const [mfaRequiredFor, setMfaRequiredFor] = useState(settings.mfaRequiredFor);
  const [idle, setIdle] = useState(String(settings.idleTimeoutMinutes));
  const [retention, setRetention] = useState(
    settings.auditRetentionDays === null ? "" : String(settings.auditRetentionDays),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const wholeNumber = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  return (
    <form
      noValidate
      className="flex max-w-xl flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const result = await stepUp(() =>
            changeSettingsAction({
              mfaRequiredFor,
              idleTimeoutMinutes: wholeNumber(idle),
              auditRetentionDays: retention.trim() === "" ? null : wholeNumber(retention),
            }),
          );
          setErrors(result.ok ? {} : (result.fieldErrors ?? {}));
          setError(result.ok ? null : result.error);
          if (result.ok) toast.success("Security settings saved.");
          router.refresh();
        });
      }}
    >
      <Field
        id="mfa-required-for"
        label="Two-factor sign-in required for"
        hint={
          ownersMfaWaived
            ? "This console runs with CONSOLE_OWNER_MFA=optional (a demo or test): owners are not made to set it up unless you choose everyone."
            : "Owners always need it. Everyone: managers and support staff set it up at their next sign-in."
        }
        error={errors.mfaRequiredFor}
      >
        <Select
          value={mfaRequiredFor}
          onChange={(event) => setMfaRequiredFor(event.target.value as "owners" | "everyone")}
        >
          <option value="owners">Owners</option>
          <option value="everyone">Everyone</option>
        </Select>
      </Field>
      <Field
        id="idle-timeout"
        label="End idle sessions after (minutes)"
        hint="No click or key for this long and the next one asks to sign in again. 5 to 1440."
        error={errors.idleTimeoutMinutes}
      >
        <Input
          value={idle}
          onChange={(event) => setIdle(event.target.value)}
          inputMode="numeric"
          className="max-w-32"
        />
      </Field>
      <Field
        id="audit-retention"
        label="Keep audit rows for (days)"
        hint="Empty keeps every row. Otherwise at least 90; older rows are removed daily and the removal is itself logged."
        error={errors.auditRetentionDays}
      >
        <Input
          value={retention}
          onChange={(event) => setRetention(event.target.value)}
          inputMode="numeric"
          placeholder="Keep all"
          className="max-w-32"
        />
      </Field>
      <FormError message={error} />
      <SaveButton pending={pending} />
    </form>
  );
}
