/**
 * Survey Details and Calling Details (spec 001 §2.1, §2.2, §4.9), driven by the surveyGroups
 * machine: the group slider with progress, the selected group's questions and answers (previous
 * answers beside them), the SKU table of sku_group groups (its pencil and Add New Sku), Reset and Save and Next (Save on
 * the last group) only where the machine allows them, and every problem of a Save in one modal.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { format } from "date-fns";
import { NOT_AVAILABLE } from "../../domain/outlets/outletReview";
import {
  ANSWERS_SAVED,
  answerValueOf,
  callCheckOf,
  isImageType,
  LEAVE_UNSAVED_ANSWERS,
  skusToAdd,
} from "../../domain/survey/survey";
import { CHECK_OF_TYPE } from "../../domain/verification/verification";
import { announcePendingToSurvey } from "../../machines/invoices/collectedBills";
import {
  hasChanges,
  mayCheckCalls,
  mayEditAnswers,
  SLIDER_VISIBLE,
  type SurveyGroupsContext,
  type SurveyGroupsInput,
  slotsShown,
  surveyGroupsMachine,
  tableSkus,
} from "../../machines/survey/surveyGroups";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import { useLeaveGuard } from "../routes/useLeaveGuard";
import { Spinner } from "../widgets/Controls";
import Modal from "../widgets/Modal";
import ReferenceImages from "../widgets/ReferenceImages";
import AnswerInput from "./AnswerInput";
import AnswerVerification from "./AnswerVerification";
import CollectedBills, { provideCollectedBills } from "./CollectedBills";
import { collectedBillsActors } from "./collectedBillsActors";
import ImageTiles from "./ImageTiles";
import SurveySkuTable from "./SurveySkuTable";
import { requestReads, surveyActors } from "./surveyActors";

type Props = SurveyGroupsInput & {
  /** A group's answers were saved: what shows the outlet's changes reads them again. */
  onSaved?: () => void;
  actors?: typeof surveyActors;
  /** The Collected Bills group's calls; a view test passes its own. */
  billsActors?: typeof collectedBillsActors;
  /** An answer's check passed: the outlet's statuses and names are read again. */
  onVerified?: () => void;
};

function Slider({
  context,
  send,
}: {
  context: SurveyGroupsContext;
  send: (
    e: { type: "group.select"; index: number } | { type: "slider.prev" } | { type: "slider.next" },
  ) => void;
}) {
  const shown = context.groups.slice(context.first, context.first + SLIDER_VISIBLE);
  return (
    <div className="survey-slider">
      <button
        type="button"
        className="button button-secondary"
        aria-label="Previous groups"
        disabled={context.first === 0}
        onClick={() => send({ type: "slider.prev" })}
      >
        ‹
      </button>
      {/* Keyed by the first group shown, so each scroll plays the slide (speed 500, §9). */}
      <ol key={context.first} className="survey-groups" aria-label="Question groups">
        {shown.map((g, i) => {
          const index = context.first + i;
          return (
            <li key={g.id}>
              <button
                type="button"
                aria-current={index === context.index ? "step" : undefined}
                className={context.complete[index] ? "survey-group survey-group-done" : "survey-group"}
                onClick={() => send({ type: "group.select", index })}
              >
                <span>{g.name}</span>
                <small>{context.complete[index] ? "Complete" : "Pending"}</small>
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button-secondary"
        aria-label="Next groups"
        disabled={context.first + SLIDER_VISIBLE >= context.groups.length}
        onClick={() => send({ type: "slider.next" })}
      >
        ›
      </button>
    </div>
  );
}

export default function SurveyDetails({
  actors = surveyActors,
  billsActors = collectedBillsActors,
  onSaved,
  onVerified = () => {},
  ...input
}: Props) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const survey = useLiveActorRef(
    useProvided(surveyGroupsMachine, {
      actors: {
        requestReads: requestReads(queryClient),
        ...actors,
        collectedBills: provideCollectedBills(notify, billsActors, () => onSaved?.()).provide({
          actions: { announcePending: announcePendingToSurvey },
        }),
      },
      actions: {
        notifyFailed: (_, { text }) => notify("failed", text),
        notifySaved: (_, { group }) => {
          notify("success", `${group}: ${ANSWERS_SAVED}`);
          onSaved?.();
        },
      },
    }),
    { input },
  );
  const state = useSelector(survey, (s) => s);
  const problemsModal = state.children.problemsModal;
  const bills = state.children.collectedBills;
  const ctx = state.context;
  useLeaveGuard(ctx.questions.length > 0 && hasChanges(ctx), LEAVE_UNSAVED_ANSWERS);

  if (state.matches("failed"))
    return (
      <div>
        <p role="alert">The survey could not be loaded.</p>
        <button type="button" className="button" onClick={() => survey.send({ type: "retry" })}>
          Retry
        </button>
      </div>
    );
  if (state.matches("noGroups")) return <p>No Data Available</p>;
  if (state.matches("loadingGroups")) return <Spinner label="Loading the survey" />;

  const group = ctx.groups[ctx.index]!;
  const slots = slotsShown(ctx);
  const skuRows = tableSkus(ctx);
  const editable = mayEditAnswers(ctx);
  const checking = mayCheckCalls(ctx);
  const today = format(new Date(), "yyyy-MM-dd");
  const last = ctx.index === ctx.groups.length - 1;
  const busy = state.hasTag("busy");

  return (
    <div className="survey" aria-busy={busy}>
      <Slider context={ctx} send={(e) => survey.send(e)} />
      <h3 className="survey-group-title">{group.name}</h3>
      {bills ? (
        <CollectedBills actor={bills} />
      ) : state.matches("loadingAnswers") ? (
        <Spinner label="Loading the answers" />
      ) : group.type === "sku_group" ? (
        <SurveySkuTable
          slots={slots}
          skus={skuRows}
          addable={skusToAdd(group.related_sku_products, skuRows)}
          open={ctx.openSkus}
          edits={ctx.edits}
          editable={editable}
          today={today}
          onEdit={(sku) => survey.send({ type: "sku.edit", sku })}
          onAdd={(sku) => survey.send({ type: "sku.add", sku })}
          onChange={(key, value) => survey.send({ type: "answer.change", key, value })}
        />
      ) : slots.length === 0 ? (
        <p>No Data Available</p>
      ) : (
        <ol className="survey-questions">
          {slots.map((slot) => {
            const id = `answer-${slot.key}`;
            const value = ctx.edits[slot.key] ?? answerValueOf(slot.answer);
            const check = ctx.checks[slot.key] ?? callCheckOf(slot.answer);
            const previous = slot.answer?.previous_answers ?? [];
            return (
              <li key={slot.key} className="survey-question">
                <div className="survey-question-name">
                  <label htmlFor={id}>
                    {slot.question.name}
                    {slot.question.is_mandatory && <span aria-hidden="true"> *</span>}
                  </label>
                  <ReferenceImages question={slot.question.name} images={slot.question.reference_images} />
                </div>
                <div className="survey-question-answer">
                  <AnswerInput
                    id={id}
                    question={slot.question}
                    value={value}
                    images={slot.answer?.images ?? []}
                    editable={editable}
                    today={today}
                    onChange={(next) => survey.send({ type: "answer.change", key: slot.key, value: next })}
                  />
                  {slot.answer && CHECK_OF_TYPE[slot.question.type] && (
                    <AnswerVerification
                      type={slot.question.type}
                      answer={slot.answer}
                      edits={(listen) => {
                        const follow = (c: SurveyGroupsContext) => {
                          const shown = slotsShown(c).find((s) => s.key === slot.key);
                          if (shown) listen(c.edits[slot.key] ?? answerValueOf(shown.answer));
                        };
                        follow(survey.getSnapshot().context);
                        const watch = survey.subscribe((s) => follow(s.context));
                        return () => watch.unsubscribe();
                      }}
                      editable={editable}
                      onVerified={onVerified}
                    />
                  )}
                  {slot.answer?.is_edited && <small className="answer-edited">Edited by QC</small>}
                  {previous.map((p) =>
                    isImageType(slot.question.type) ? (
                      p.images.length > 0 && (
                        <div key={p.workflow_object} className="answer-previous">
                          <small>Previous ({p.sub_project_name}):</small>
                          <ImageTiles title={`${slot.question.name}, previous`} images={p.images} />
                        </div>
                      )
                    ) : (
                      <small key={p.workflow_object} className="answer-previous">
                        Previous ({p.sub_project_name}): {p.single_input || NOT_AVAILABLE}
                      </small>
                    ),
                  )}
                  {input.callingView && slot.question.is_calling_necessary && slot.answer && (
                    <div className="call-check">
                      <label>
                        <input
                          type="checkbox"
                          disabled={!checking}
                          checked={check.has_called_and_verified}
                          onChange={(e) =>
                            survey.send({
                              type: "call.change",
                              key: slot.key,
                              check: { ...check, has_called_and_verified: e.target.checked },
                            })
                          }
                        />{" "}
                        Called and verified
                      </label>
                      <label>
                        <input
                          type="checkbox"
                          disabled={!checking}
                          checked={check.remarked}
                          onChange={(e) =>
                            survey.send({
                              type: "call.change",
                              key: slot.key,
                              check: { ...check, remarked: e.target.checked },
                            })
                          }
                        />{" "}
                        Remark
                      </label>
                      {check.remarked && (
                        <label>
                          Reason{" "}
                          <input
                            value={check.remarks}
                            disabled={!checking}
                            maxLength={10_000}
                            onChange={(e) =>
                              survey.send({
                                type: "call.change",
                                key: slot.key,
                                check: { ...check, remarks: e.target.value },
                              })
                            }
                          />
                        </label>
                      )}
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {(editable || checking) && !bills && (
        <div className="survey-actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => survey.send({ type: "reset" })}
          >
            Reset
          </button>
          <button
            type="button"
            className="button"
            disabled={busy || !state.can({ type: "save" })}
            onClick={() => survey.send({ type: "save" })}
          >
            {state.matches("saving") ? "Saving…" : last ? "Save" : "Save and Next"}
          </button>
        </div>
      )}
      {problemsModal && (
        <Modal actor={problemsModal} title="Please correct these answers">
          <ul className="survey-problems">
            {ctx.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Modal>
      )}
    </div>
  );
}
