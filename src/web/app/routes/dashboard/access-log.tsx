import { useLingui } from "@lingui/react/macro";
import { HeadedPage } from "@/web/components/layout/page-header";
import { AccessLogPage } from "@/web/features/access-log";

export function AccessLogRoute() {
  const { t } = useLingui();
  return (
    <HeadedPage title={t`Access log`} description={t`Every time someone of our team read or changed your company's records.`}>
      <AccessLogPage />
    </HeadedPage>
  );
}
