/**
 * The overview page's "Automatic assignment" section (docs/allocation.md, "Rules"): the team's
 * rules with Edit, Switch off/on and Remove (asked first), and the rule form, whose lifecycle is the
 * allocationRuleForm machine's. The rules are read with React Query and read again after a change.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import {
  type AllocationOverview,
  type AllocationTeam,
  CAPACITY_HINT,
  TEAMS,
} from "../../domain/allocation/allocation";
import {
  type AllocationRule,
  RULE_CHANGE_FAILED,
  removeRuleQuestion,
  ruleName,
} from "../../domain/allocation/allocationRules";
import {
  allocationKeys,
  allocationRules,
  allocationRulesKey,
  removeAllocationRule,
  switchAllocationRule,
} from "../../infra/api/allocation";
import { errorDetail, isApiError, runApi } from "../../infra/http";
import { allocationRuleFormMachine } from "../../machines/allocation/allocationRuleForm";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import { Checkbox, FieldErrorList, LoadingButton, Select, TextInput } from "../widgets/Controls";
import { QuestionDialog } from "../widgets/QuestionDialog";
import { ruleActors } from "./allocationActors";

/** A rule's draft as the form edits it. */
const draftOf = (rule: AllocationRule) => ({
  sub_project: rule.sub_project === null ? "" : String(rule.sub_project.id),
  executives: rule.executives.map((e) => e.id as number),
  capacity: rule.capacity === null ? "" : String(rule.capacity),
  active: rule.active,
});

export function RuleForm({
  team,
  overview,
  rule,
  onClose,
  actors = ruleActors,
}: {
  team: AllocationTeam;
  overview: AllocationOverview;
  /** null: a new rule. */
  rule: AllocationRule | null;
  onClose: () => void;
  /** The save call; a view test passes its own. */
  actors?: typeof ruleActors;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [state, send] = useLiveMachine(
    useProvided(allocationRuleFormMachine, {
      actors,
      actions: {
        notifySaved: (_, { text }) => notify("success", text),
        rulesChanged: () => void queryClient.invalidateQueries({ queryKey: allocationKeys.all }),
        formClosed: () => onClose(),
      },
    }),
    {
      input: {
        team,
        rule: rule === null ? null : { id: rule.id, version: rule.version, draft: draftOf(rule) },
      },
    },
  );
  const { draft, fieldErrors, message } = state.context;
  const editing = state.matches("editing");
  const heading = rule === null ? "Add a rule" : `Edit ${ruleName(rule.sub_project?.name ?? null)}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: "save" });
  };
  return (
    <form className="allocation-rule-form" aria-label={heading} onSubmit={submit} noValidate>
      <h3>{heading}</h3>
      {state.matches("conflict") && (
        <div className="form-messages form-messages-error" role="alert">
          <p>{message}</p>
          <button type="button" className="button button-secondary" onClick={() => send({ type: "reload" })}>
            Reload
          </button>
        </div>
      )}
      {editing && message && (
        <p role="alert" className="allocation-refused">
          {message}
        </p>
      )}
      <fieldset disabled={!editing}>
        <legend className="visually-hidden">The rule</legend>
        <Select
          label="Sub-projects"
          value={draft.sub_project}
          options={[
            { value: "", label: `Every sub-project of ${TEAMS[team].label} work` },
            ...overview.sub_projects.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          onChange={(value) => send({ type: "scope.change", value })}
        />
        <FieldErrorList id={`rule-${team}-sub-project-errors`} errors={fieldErrors.sub_project ?? []} />
        <fieldset>
          <legend>Executives who receive</legend>
          <div className="allocation-targets">
            {overview.executives.map((x) => (
              <Checkbox
                key={x.id}
                label={`${x.name} (${x.open} open)`}
                checked={draft.executives.includes(x.id)}
                onChange={() => send({ type: "executive.toggle", id: x.id })}
              />
            ))}
          </div>
          <FieldErrorList id={`rule-${team}-executives-errors`} errors={fieldErrors.executives ?? []} />
        </fieldset>
        <TextInput
          label="Capacity"
          inputMode="numeric"
          maxLength={6}
          placeholder={CAPACITY_HINT}
          value={draft.capacity}
          errors={fieldErrors.capacity ?? []}
          onChange={(event) => send({ type: "capacity.change", value: event.target.value })}
        />
        <Checkbox
          label="On: assign outlets as they enter the team's work"
          checked={draft.active}
          onChange={() => send({ type: "active.toggle" })}
        />
      </fieldset>
      <div className="allocation-actions">
        <button type="button" className="button button-secondary" onClick={() => send({ type: "cancel" })}>
          Cancel
        </button>
        <LoadingButton type="submit" loading={state.hasTag("busy")} disabled={!state.can({ type: "save" })}>
          Save rule
        </LoadingButton>
      </div>
    </form>
  );
}

function RuleRow({
  team,
  rule,
  onEdit,
  busy,
}: {
  team: AllocationTeam;
  rule: AllocationRule;
  onEdit: () => void;
  busy: boolean;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const changed = () => queryClient.invalidateQueries({ queryKey: allocationKeys.all });
  const failed = (e: unknown) => {
    notify("failed", (isApiError(e) && errorDetail(e)) || RULE_CHANGE_FAILED);
    return changed();
  };
  const toggle = useMutation({
    mutationFn: () => runApi(switchAllocationRule(team, rule)),
    onSuccess: changed,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => runApi(removeAllocationRule(team, rule)),
    onSuccess: changed,
    onError: failed,
  });
  const name = rule.sub_project?.name ?? null;
  return (
    <tr>
      <th scope="row">{rule.sub_project?.name ?? "Every sub-project"}</th>
      <td>
        {rule.executives.map((e) => (e.active ? e.name : `${e.name} (no longer on the team)`)).join(", ")}
      </td>
      <td className="number">{rule.capacity ?? "No limit"}</td>
      <td>{rule.active ? "On" : "Off"}</td>
      <td className="allocation-rule-actions">
        <button type="button" className="button button-secondary" disabled={busy} onClick={onEdit}>
          Edit
        </button>
        <LoadingButton
          className="button button-secondary"
          loading={toggle.isPending}
          disabled={busy || remove.isPending}
          onClick={() => toggle.mutate()}
        >
          {rule.active ? "Switch off" : "Switch on"}
        </LoadingButton>
        <LoadingButton
          className="button button-secondary"
          loading={remove.isPending}
          disabled={busy || toggle.isPending}
          onClick={() => setAsking(true)}
        >
          Remove
        </LoadingButton>
        {asking && (
          <QuestionDialog
            title={`Remove ${ruleName(name)}`}
            message={removeRuleQuestion(team, name)}
            confirmLabel="Remove rule"
            dismissLabel="Keep rule"
            onAnswer={(yes) => {
              setAsking(false);
              if (yes) remove.mutate();
            }}
          />
        )}
      </td>
    </tr>
  );
}

export function AutomaticAssignment({
  team,
  overview,
}: {
  team: AllocationTeam;
  overview: AllocationOverview;
}) {
  const rules = useQuery({
    queryKey: allocationRulesKey(team),
    queryFn: ({ signal }) => runApi(allocationRules(team), { signal }),
  });
  // The form open: a new rule (null) or one of the list's; the key starts a fresh form each time.
  const [form, setForm] = useState<{ rule: AllocationRule | null; key: number } | null>(null);
  const open = (rule: AllocationRule | null) => setForm({ rule, key: Date.now() });
  return (
    <section className="card" aria-labelledby={`automatic-${team}`}>
      <h2 id={`automatic-${team}`}>Automatic assignment</h2>
      <p>
        When an outlet enters the {TEAMS[team].label} team's work and no executive of the team holds it, a
        rule gives it to the chosen executive holding the fewest open outlets, never past the capacity. A
        sub-project's rule comes before the rule for every sub-project; with no rule, or no room, the outlet
        stays with no one.
      </p>
      {rules.isPending ? (
        <p>Reading the rules…</p>
      ) : rules.isError || !rules.data ? (
        <p role="alert">
          The rules could not be read.{" "}
          <button type="button" className="button button-secondary" onClick={() => void rules.refetch()}>
            Try again
          </button>
        </p>
      ) : rules.data.rules.length === 0 ? (
        <p>No rules: every outlet entering the team's work waits for a manager.</p>
      ) : (
        <section
          className="allocation-scroll"
          aria-label="Rules"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard to scroll it
          tabIndex={0}
        >
          <table className="allocation-table">
            <thead>
              <tr>
                <th scope="col">Sub-projects</th>
                <th scope="col">Executives who receive</th>
                <th scope="col" className="number">
                  Capacity
                </th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.data.rules.map((r) => (
                <RuleRow key={r.id} team={team} rule={r} busy={form !== null} onEdit={() => open(r)} />
              ))}
            </tbody>
          </table>
        </section>
      )}
      {form ? (
        <RuleForm
          key={form.key}
          team={team}
          overview={overview}
          rule={form.rule}
          onClose={() => setForm(null)}
        />
      ) : (
        <div className="allocation-actions">
          <button type="button" className="button" onClick={() => open(null)}>
            Add a rule
          </button>
        </div>
      )}
    </section>
  );
}
