"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useOptimistic, useTransition } from "react";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";

export interface LanguageSwitcherProps {
  languages: string[];
  chosen: string;
}

function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames(["en"], { type: "language" }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** Every language found in the catalogue; the choice travels in the URL (`lang=de`). */
export function LanguageSwitcher({ languages, chosen }: LanguageSwitcherProps) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const [shown, setShown] = useOptimistic(chosen);
  return (
    <Field id="language-switcher" label="Language">
      <Select
        value={shown}
        aria-busy={pending}
        onChange={(event) => {
          const language = event.target.value;
          const next = new URLSearchParams(params.toString());
          next.set("lang", language);
          startTransition(() => {
            setShown(language);
            router.push(`${pathname}?${next.toString()}`, { scroll: false });
          });
        }}
      >
        {languages.map((code) => (
          <option key={code} value={code}>
            {languageName(code)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
