import { useQuery } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { useId } from "react";
import { MAX_RECOVERY_RSIDS, RECOVERY_MSG } from "../../domain/fieldTools/fieldTools";
import { auditorsQuery, projectsQuery, subProjectsQuery } from "../../infra/api/fieldTools";
import { recoveryFormMachine } from "../../machines/fieldTools/recoveryForm";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import { FieldErrorList, invalidProps, LoadingButton } from "../widgets/Controls";
import FieldSelect from "./FieldSelect";
import { recoveryFormActors } from "./fieldToolActors";

/** The user's own date, YYYY-MM-DD, which the 10-day rule counts from. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The recovery request form (spec 002 §2.8, §5), driven by the recoveryForm machine. */
export default function RecoveryForm({
  onSent,
  actors,
  today = localToday,
}: {
  onSent: () => void;
  /** Tests provide fakes. */
  actors?: Partial<ReturnType<typeof recoveryFormActors>>;
  today?: () => string;
}) {
  const notify = useNotify();
  const actor = useLiveActorRef(
    useProvided(recoveryFormMachine, {
      actors: { ...recoveryFormActors(), ...actors },
      actions: {
        notifySuccess: (_, { text }) => notify("success", text),
        notifyFailure: (_, { text }) => notify("failed", text),
        requestsChanged: onSent,
      },
    }),
  );
  const { values, errors, serverMessage } = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag("busy"));
  const projects = useQuery(projectsQuery());
  const subProjects = useQuery(subProjectsQuery(values.projectId));
  const auditors = useQuery(auditorsQuery(values.subProjectId));
  const rsidId = useId();
  const dateId = useId();
  const rsidErrors = [errors.rsid_list, serverMessage].filter((e): e is string => !!e);
  const dateErrors = errors.date_uploaded ? [errors.date_uploaded] : [];

  return (
    <form
      className="card field-tools-form"
      aria-labelledby="recovery-form-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: "form.submit", today: today() });
      }}
    >
      <h2 id="recovery-form-title">New recovery request</h2>
      <div className="field-tools-grid">
        <FieldSelect
          label="Project"
          placeholder="Select project"
          options={projects.data ?? []}
          value={values.projectId}
          error={errors.project}
          onChange={(id) => actor.send({ type: "field.project", id })}
        />
        <FieldSelect
          label="Sub Project"
          placeholder="Select sub project"
          options={subProjects.data ?? []}
          value={values.subProjectId}
          error={errors.sub_project}
          disabled={values.projectId === null}
          onChange={(id) => actor.send({ type: "field.subProject", id })}
        />
        <FieldSelect
          label="Auditor"
          placeholder="Select auditor"
          options={auditors.data ?? []}
          value={values.auditorId}
          error={errors.auditor}
          disabled={values.subProjectId === null}
          onChange={(id) => actor.send({ type: "field.auditor", id })}
        />
        <div className="field">
          <label htmlFor={rsidId}>RSID List *</label>
          <input
            id={rsidId}
            type="text"
            value={values.rsidText}
            placeholder="RS000001, RS000002"
            aria-describedby={`${rsidId}-hint${rsidErrors.length > 0 ? ` ${rsidId}-errors` : ""}`}
            {...(rsidErrors.length > 0 ? { "aria-invalid": true } : {})}
            onChange={(e) => actor.send({ type: "field.rsids", text: e.target.value })}
          />
          <p className="field-hint" id={`${rsidId}-hint`}>
            {RECOVERY_MSG.hint}
          </p>
          <FieldErrorList id={`${rsidId}-errors`} errors={rsidErrors} />
        </div>
        <div className="field">
          <label htmlFor={dateId}>Date *</label>
          <input
            id={dateId}
            type="date"
            value={values.dateUploaded}
            max={today()}
            {...invalidProps(`${dateId}-errors`, dateErrors)}
            onChange={(e) => actor.send({ type: "field.date", date: e.target.value })}
          />
          <FieldErrorList id={`${dateId}-errors`} errors={dateErrors} />
        </div>
      </div>
      <p className="field-tools-note">
        Up to {MAX_RECOVERY_RSIDS} RSIDs per request, surveyed on a date within the last 10 days.
      </p>
      <LoadingButton type="submit" loading={busy}>
        Submit
      </LoadingButton>
    </form>
  );
}
