import { useLingui } from "@lingui/react/macro";
import { TitledCard } from "@/web/components/ui/card";
import { BalanceFigures } from "../balance-figures";

/** The admin customer detail's billing figures: what the company owes, and how much of it is overdue. */
export function CustomerBalance({ companyId }: { companyId: string }) {
  const { t } = useLingui();
  return (
    <TitledCard title={t`Balance`}>
      <BalanceFigures companyId={companyId} />
    </TitledCard>
  );
}
