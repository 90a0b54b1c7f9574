import { Trans, useLingui } from "@lingui/react/macro";
import { Mail, MapPin, Phone, User } from "lucide-react";
import type { ReactNode } from "react";
import type { Company } from "@/shared/schemas/company";
import { TitledCard } from "@/web/components/ui/card";

function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // One term and its value per group, as a <dl> wants; the icon sits in the term, in the gutter.
    <div className="relative pl-7">
      <dt className="text-xs font-medium text-muted-foreground">
        <span className="absolute top-0.5 left-0">{icon}</span>
        {label}
      </dt>
      <dd className="text-sm break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

/** The company's contact details on the admin customer screen; N/A where a value is missing. */
export function CustomerInfo({ company }: { company: Company }) {
  const { t } = useLingui();
  const notAvailable = t`N/A`;
  return (
    <TitledCard title={<Trans>Company Information</Trans>}>
      <dl className="grid gap-4 sm:grid-cols-2">
        <InfoRow icon={<User className="h-4 w-4" aria-hidden />} label={t`Contact Name`}>
          {company.contactName || notAvailable}
        </InfoRow>
        <InfoRow icon={<Mail className="h-4 w-4" aria-hidden />} label={t`Email`}>
          {company.contactEmail ? (
            <a href={`mailto:${company.contactEmail}`} className="text-primary hover:underline">
              {company.contactEmail}
            </a>
          ) : (
            notAvailable
          )}
        </InfoRow>
        <InfoRow icon={<Phone className="h-4 w-4" aria-hidden />} label={t`Phone`}>
          {company.phone || notAvailable}
        </InfoRow>
        <InfoRow icon={<MapPin className="h-4 w-4" aria-hidden />} label={t`Address`}>
          {company.address || notAvailable}
        </InfoRow>
      </dl>
    </TitledCard>
  );
}
