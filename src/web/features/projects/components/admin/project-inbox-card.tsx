import { Trans, useLingui } from "@lingui/react/macro";
import type { Project } from "@/shared/schemas/project";
import { Button } from "@/web/components/ui/button";
import { TitledCard } from "@/web/components/ui/card";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useInboxProject } from "../../api/use-inbox-project";

/**
 * Where support mail from the project's company opens its tickets (ADR 044): here once an admin
 * chooses this project, else in the company's inbox project or its "General" one.
 */
export function ProjectInboxCard({ project }: { project: Project }) {
  const { t } = useLingui();
  const inbox = useInboxProject(project.id);
  const company = project.company.name;
  const choose = (next: boolean) =>
    inbox.mutate(next, {
      onSuccess: () => toast.success(next ? t`Support mail from ${company} now opens tickets here` : t`Support mail from ${company} goes to its General project again`),
      onError: (error) => toast.error(errorMessage(error, t`Could not change where support mail goes`)),
    });
  return (
    // A region of its own, so the e2e journey and assistive technology find it by its title.
    <section aria-label={t`Support mail`}>
      <TitledCard
        title={t`Support mail`}
        description={
          project.isInbox
            ? t`A mail from ${company} to the support address opens its ticket in this project.`
            : t`A mail from ${company} to the support address opens its ticket in the company's inbox project, or in "General" when it has none.`
        }
      >
        <Button variant="outline" onClick={() => choose(!project.isInbox)} disabled={inbox.isPending}>
          {project.isInbox ? <Trans>Stop using for support mail</Trans> : <Trans>Use for support mail</Trans>}
        </Button>
      </TitledCard>
    </section>
  );
}
