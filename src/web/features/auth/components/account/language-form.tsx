import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { isLocale, localeNames, locales, negotiateLocale, type Locale } from "@/shared/locales";
import { Field } from "@/web/components/ui/field";
import { NativeSelect } from "@/web/components/ui/input";
import { api, errorMessage } from "@/web/lib/api";
import { useRefreshMe } from "@/web/lib/session";
import { toast } from "@/web/lib/toast";

/** The value of "follow my browser" in the select (a select's values are text). */
const BROWSER = "browser";

/**
 * The user's language (ADR 032), saved as soon as it is picked: the page switches once /api/me
 * answers with it (lib/i18n/follow-session.ts), and mail to them follows it too. "Browser
 * language" goes back to what the browser asks for.
 */
export function LanguageForm({ locale }: { locale: Locale | null }) {
  const { t } = useLingui();
  const refreshMe = useRefreshMe();
  const [saving, setSaving] = useState(false);
  const browserLanguage = localeNames[negotiateLocale(navigator.languages)];

  const choose = async (value: string) => {
    setSaving(true);
    try {
      await api.put("/me/locale", { json: { locale: isLocale(value) ? value : null } });
      await refreshMe();
    } catch (error) {
      toast.error(errorMessage(error, t`Could not save your language`));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Field id="account-language" label={t`Language`}>
      <NativeSelect id="account-language" value={locale ?? BROWSER} disabled={saving} aria-busy={saving} onChange={(event) => void choose(event.target.value)}>
        <option value={BROWSER}>{t`Browser language (${browserLanguage})`}</option>
        {locales.map((value) => (
          // Each language in its own words, so a reader finds theirs whatever the page's language.
          <option key={value} value={value} lang={value}>
            {localeNames[value]}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}
