import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { formatAmount, formatDate } from "@/shared/format";
import { isLoggableMinutes, MINUTES_MAX, MONTHLY_HOURS_MAX, TIME_DESCRIPTION_MAX, timeEntryMessages as messages } from "@/shared/rules/time-entry";
import type { ProjectTime, TimeEntry } from "@/shared/schemas/time-entry";
import { ConfirmRemoval } from "@/web/components/confirm-dialog";
import { SubmitButton } from "@/web/components/ui/button";
import { TitledCard } from "@/web/components/ui/card";
import { EmptyState } from "@/web/components/ui/empty-state";
import { InputField } from "@/web/components/ui/field";
import { LoadError } from "@/web/components/ui/load-error";
import { Pagination } from "@/web/components/ui/pagination";
import { Spinner } from "@/web/components/ui/spinner";
import { ActionsHead, LinkCell, Table, TableBody, TableCell, TableHeadings, TableRow } from "@/web/components/ui/table";
import { errorMessage } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { toast } from "@/web/lib/toast";
import { collect, firstFailing, useCheckedForm, type Checked } from "@/web/lib/use-checked-form";
import { useProjectTime, useSetProjectTime } from "../../api/use-project-time";
import { useDeleteTimeEntry, useLogTime, useProjectTimeEntries } from "../../api/use-time-entries";
import { formatDuration } from "../../lib/duration";
import { localToday } from "../../lib/local-today";
import { HoursFigures } from "../project-hours";

const logFields = ["workDate", "minutes", "description", "billable", "rate"] as const;
type LogField = (typeof logFields)[number];
type LogInput = ApiBody<"post", "/time-entries">;

/** What the form can tell by itself; the rate's format and the project's lack of one are the server's to say, under the field. */
const checkLog =
  (projectId: string) =>
  ({ workDate, minutes, description, billable, rate }: Record<LogField, string>): Checked<LogField, LogInput> => {
    const text = description.trim();
    const value: LogInput = { projectId, workDate, minutes: Number(minutes), description: text, billable: billable === "on", ...(rate.trim() ? { rate: rate.trim() } : {}) };
    return collect(
      {
        workDate: workDate ? undefined : messages.workDate,
        minutes: isLoggableMinutes(Number(minutes)) && minutes.trim() ? undefined : messages.minutes,
        description: firstFailing([
          [!text, messages.descriptionRequired],
          [text.length > TIME_DESCRIPTION_MAX, messages.descriptionTooLong],
        ]),
      },
      value,
    );
  };

function LogTimeForm({ projectId, hourlyRate }: { projectId: string; hourlyRate: string | null | undefined }) {
  const { t } = useLingui();
  const log = useLogTime();
  const form = useCheckedForm(logFields, checkLog(projectId));
  const { errors } = form;
  const onSubmit = form.handleSubmit(async (input, element) => {
    await log.mutateAsync(input);
    toast.success(t`Time logged`);
    element.reset();
  }, t`Error logging time`);
  return (
    <form noValidate aria-label={t`Log time`} onSubmit={(event) => void onSubmit(event)} onChange={form.onChange} className="grid gap-4 sm:grid-cols-4">
      <InputField id="time-work-date" name="workDate" type="date" label={t`Date`} required defaultValue={localToday()} error={errors.workDate} />
      <InputField id="time-minutes" name="minutes" type="number" label={t`Minutes`} required min={1} max={MINUTES_MAX} step={1} inputMode="numeric" error={errors.minutes} />
      <InputField id="time-rate" name="rate" label={t`Rate`} inputMode="decimal" autoComplete="off" placeholder={hourlyRate ?? ""} error={errors.rate} />
      <label className="flex min-h-11 items-center gap-2 self-end text-sm font-medium">
        <input type="checkbox" name="billable" defaultChecked className="h-4 w-4 accent-primary" />
        <Trans>Billable</Trans>
      </label>
      <div className="sm:col-span-3">
        <InputField id="time-description" name="description" label={t`Description`} required maxLength={TIME_DESCRIPTION_MAX} autoComplete="off" error={errors.description} />
      </div>
      <div className="self-end">
        <SubmitButton label={t`Log time`} workingLabel={t`Logging...`} isSubmitting={form.isSubmitting} />
      </div>
    </form>
  );
}

function DeleteEntryButton({ entry }: { entry: TimeEntry }) {
  const { t } = useLingui();
  const remove = useDeleteTimeEntry();
  const duration = formatDuration(entry.minutes);
  const day = formatDate(entry.workDate);
  return (
    <ConfirmRemoval
      label={
        <Trans>
          Delete<span className="sr-only"> {duration} on {day}</span>
        </Trans>
      }
      title={t`Delete ${duration} logged on ${day}?`}
      description={entry.description}
      confirmLabel={t`Delete`}
      workingLabel={t`Deleting...`}
      failureText={(error) => errorMessage(error, t`Error deleting time`)}
      onConfirm={async () => {
        await remove.mutateAsync(entry.id);
        toast.success(t`Time deleted`);
      }}
    />
  );
}

function TimeEntries({ projectId }: { projectId: string }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const entries = useProjectTimeEntries(projectId, page);
  if (entries.isPending) return <Spinner label={t`Loading time`} />;
  if (entries.isError) return <LoadError message={t`Could not load the logged time.`} onRetry={() => void entries.refetch()} />;
  const { data } = entries;
  if (data.total === 0) return <EmptyState title={t`No time logged yet`} />;
  return (
    <div aria-busy={entries.isPlaceholderData}>
      <Table aria-label={t`Logged time`}>
        <TableHeadings names={[t`Date`, t`Duration`, t`Description`, t`Rate`]} alignedEnd={[t`Rate`]}>
          <ActionsHead />
        </TableHeadings>
        <TableBody>
          {data.items.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell className="whitespace-nowrap">{formatDate(entry.workDate)}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDuration(entry.minutes)}</TableCell>
              <TableCell>
                {entry.description}
                {entry.billable ? null : <span className="text-muted-foreground"> · {t`not billable`}</span>}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatAmount(entry.rate)}</TableCell>
              {entry.invoice ? (
                <LinkCell to={`/admin/invoices/${entry.invoice.id}`}>{t`Billed on ${entry.invoice.invoiceNumber}`}</LinkCell>
              ) : (
                <TableCell className="text-right">
                  <DeleteEntryButton entry={entry} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {data.total > data.pageSize ? <Pagination label={t`Logged time pages`} data={data} onPageChange={setPage} /> : null}
    </div>
  );
}

const settingsFields = ["hourlyRate", "monthlyBudgetHours"] as const;
type SettingsField = (typeof settingsFields)[number];
type SettingsInput = ApiBody<"put", "/projects/:id/time">;

/** Empty clears either; the budget is whole hours (the rate's format is the server's to judge). */
function checkSettings({ hourlyRate, monthlyBudgetHours }: Record<SettingsField, string>): Checked<SettingsField, SettingsInput> {
  const hours = Number(monthlyBudgetHours);
  const value = { hourlyRate: hourlyRate.trim() || null, monthlyBudgetHours: monthlyBudgetHours.trim() ? hours : null };
  const badHours = value.monthlyBudgetHours !== null && !(Number.isInteger(hours) && hours >= 1 && hours <= MONTHLY_HOURS_MAX);
  return collect({ monthlyBudgetHours: badHours ? messages.monthlyHours : undefined }, value);
}

function TimeSettingsForm({ projectId, time }: { projectId: string; time: ProjectTime }) {
  const { t } = useLingui();
  const save = useSetProjectTime(projectId);
  const form = useCheckedForm(settingsFields, checkSettings);
  const { errors } = form;
  const onSubmit = form.handleSubmit(async (input) => {
    await save.mutateAsync(input);
    toast.success(t`Rate and budget saved`);
  }, t`Error saving rate and budget`);
  return (
    <form noValidate aria-label={t`Rate and budget`} onSubmit={(event) => void onSubmit(event)} onChange={form.onChange} className="grid gap-4 sm:grid-cols-3">
      <InputField id="time-hourly-rate" name="hourlyRate" label={t`Hourly rate`} inputMode="decimal" autoComplete="off" defaultValue={time.hourlyRate ?? ""} error={errors.hourlyRate} />
      <InputField id="time-monthly-budget" name="monthlyBudgetHours" type="number" label={t`Monthly budget (hours)`} min={1} max={MONTHLY_HOURS_MAX} step={1} defaultValue={time.monthlyBudgetHours ?? ""} error={errors.monthlyBudgetHours} />
      <div className="self-end">
        <SubmitButton label={t`Save rate and budget`} workingLabel={t`Saving...`} isSubmitting={form.isSubmitting} />
      </div>
    </form>
  );
}

/** The admin project page's time (ADR 047): its hours, logging time, the entries, and the rate and budget they are billed and measured by. */
export function ProjectTimeCard({ projectId }: { projectId: string }) {
  const { t } = useLingui();
  const time = useProjectTime(projectId);
  const heading = "text-sm font-semibold";
  return (
    // A region of its own, so the e2e journey and assistive technology find it by its title.
    <section aria-label={t`Time`}>
      <TitledCard title={t`Time`} contentClassName="space-y-6">
        {time.isPending ? <Spinner label={t`Loading hours`} /> : time.isError ? <LoadError message={t`Could not load the hours.`} onRetry={() => void time.refetch()} /> : <HoursFigures time={time.data} />}
        <LogTimeForm projectId={projectId} hourlyRate={time.data?.hourlyRate} />
        <TimeEntries projectId={projectId} />
        {time.data ? (
          <div className="space-y-3 border-t border-border pt-4">
            <h3 className={heading}>
              <Trans>Rate and budget</Trans>
            </h3>
            {/* Remounted with the saved values, so its inputs show what the server now holds. */}
            <TimeSettingsForm key={`${time.data.hourlyRate}/${time.data.monthlyBudgetHours}`} projectId={projectId} time={time.data} />
          </div>
        ) : null}
      </TitledCard>
    </section>
  );
}
