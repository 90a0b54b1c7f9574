import { useLingui } from "@lingui/react/macro";
import type { SelectHTMLAttributes } from "react";
import { NativeSelect } from "@/web/components/ui/input";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useTeam } from "../api/use-team";

interface AssigneeSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> {
  id: string;
  /** Who is assigned now: a choice even before (or without) the team list, and after leaving the team. */
  current: { id: string; name: string; email?: string } | null;
}

/** "Unassigned" and each admin of the team, by name and address, for a record's assignee field. */
export function AssigneeSelect({ id, current, ...select }: AssigneeSelectProps) {
  const team = useTeam();
  const { t } = useLingui();
  useErrorToast(team.error, { log: "Failed to load team members", toast: t`Error fetching team members` });
  const members = team.data ?? [];
  const options = current && !members.some((member) => member.id === current.id) ? [{ email: "", ...current }, ...members] : members;
  return (
    <NativeSelect id={id} aria-busy={team.isPending} {...select}>
      <option value="">{t`Unassigned`}</option>
      {options.map((member) => (
        <option key={member.id} value={member.id}>
          {member.name && member.email ? `${member.name} (${member.email})` : member.name || member.email}
        </option>
      ))}
    </NativeSelect>
  );
}
