"use client";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { FormError, SaveButton } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { changeSettingsAction } from "@/lib/actions/settings/change-settings";

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
  const save = useFormAction(changeSettingsAction, { success: "Security settings saved." });
  const [mfaRequiredFor, setMfaRequiredFor] = useState(settings.mfaRequiredFor);
  const [idle, setIdle] = useState(String(settings.idleTimeoutMinutes));
  const [retention, setRetention] = useState(
    settings.auditRetentionDays === null ? "" : String(settings.auditRetentionDays),
  );
  const wholeNumber = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  return (
    <Form
      className="flex max-w-xl flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run({
          mfaRequiredFor,
          idleTimeoutMinutes: wholeNumber(idle),
          auditRetentionDays: retention.trim() === "" ? null : wholeNumber(retention),
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
        error={save.fieldErrors.mfaRequiredFor}
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
        hint="Idle this long, a person signs in again. 5 to 1440 minutes."
        error={save.fieldErrors.idleTimeoutMinutes}
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
        hint="Empty keeps every row; otherwise at least 90 days."
        error={save.fieldErrors.auditRetentionDays}
      >
        <Input
          value={retention}
          onChange={(event) => setRetention(event.target.value)}
          inputMode="numeric"
          placeholder="Keep all"
          className="max-w-32"
        />
      </Field>
      <FormError message={save.error} />
      <SaveButton pending={save.pending} />
    </Form>
  );
}
