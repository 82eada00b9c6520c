/**
 * The auditor's own outlet (/eMyTrack/outlet-detail/{slug}) and the survey recorded on it, its
 * questions and answers (read-only) and every decision since (/eMyTrack/outlet-survey-listing/{slug}).
 * Another auditor's outlet is not found, exactly like one that does not exist.
 */
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useParams } from "wouter";
import { rsaDetailPath } from "../../domain/ekyc/fieldCapture";
import {
  FIELD_LIST_PATHS,
  FIELD_LIST_TITLES,
  type FieldDecision,
  type FieldQuestion,
  type FieldQuestionGroup,
  type FieldSurvey,
  fieldAnswerText,
  surveyRecorded,
} from "../../domain/ekyc/fieldUser";
import { stateLabel } from "../../domain/outlets/outletStates";
import { reasonLabels } from "../../domain/outlets/workflowActions";
import { MSG } from "../../domain/shared/messages";
import { fieldOutletQuery, fieldSurveysQuery } from "../../infra/api/fieldUser";
import { errorStatus, isApiError } from "../../infra/http";
import NotFound from "../errors/NotFound";
import { showDateTime } from "../uploads/dates";
import { outletDetailPath } from "./FieldOutletList";

const surveysPath = (rsid: string) => `/eMyTrack/outlet-survey-listing/${encodeURIComponent(rsid)}`;

/** Loading, not found, or failed; null once the answer is there. */
function Waiting({ query }: { query: UseQueryResult }) {
  if (query.isPending) return <p>Loading…</p>;
  if (query.isError && isApiError(query.error) && errorStatus(query.error) === 404) return <NotFound />;
  if (query.isError) return <p role="alert">This outlet could not be loaded. Please try again.</p>;
  return null;
}

/** Label and value pairs; empty values are left out rather than shown blank. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="field-facts">
      {items
        .filter(([, value]) => value !== null && value !== "")
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function Decision({ decision }: { decision: FieldDecision }) {
  return (
    <>
      <p className="field-decision-head">
        <strong>{stateLabel(decision.to_state)}</strong>{" "}
        <span className="field-secondary">{showDateTime(decision.created)}</span>
      </p>
      <Facts
        items={[
          ["Reasons", decision.reasons === null ? null : reasonLabels(decision.reasons)],
          ["Description", decision.description],
        ]}
      />
    </>
  );
}

export function FieldOutletDetail() {
  const { slug = "" } = useParams<{ slug?: string }>();
  const query = useQuery(fieldOutletQuery(slug));
  if (!query.data) return <Waiting query={query} />;
  const o = query.data;
  return (
    <article aria-labelledby="field-outlet">
      {o.list && <Link href={FIELD_LIST_PATHS[o.list]}>Back to {FIELD_LIST_TITLES[o.list]}</Link>}
      <h1 id="field-outlet" className="ekyc-title">
        {o.name}
      </h1>
      <p className="field-secondary">
        {o.rsid} · {stateLabel(o.workflow_state)}
      </p>
      <Facts
        items={[
          ["Owner", o.owner_name],
          ["Address", o.address],
          ["City", `${o.city}, ${o.state} ${o.pin}`],
          [
            "Phone",
            <a key="phone" href={`tel:${o.phone}`}>
              {o.phone}
            </a>,
          ],
          ["Project", o.project],
          ["Sub-project", o.sub_project],
          ["Program", o.program],
          ["Last changed", showDateTime(o.modified)],
        ]}
      />
      <h2 className="ekyc-subtitle">Last decision</h2>
      {o.last_decision ? <Decision decision={o.last_decision} /> : <p>No decision yet.</p>}
      <Link href={surveysPath(o.rsid)} className="button button-primary field-action">
        Survey and decisions
      </Link>
      <Link href={rsaDetailPath(o.rsid)} className="button button-secondary field-action">
        Retailer service agreement
      </Link>
    </article>
  );
}

function Survey({ survey }: { survey: FieldSurvey }) {
  if (!surveyRecorded(survey)) return <p>No survey has been recorded on this outlet yet.</p>;
  const at = (iso: string | null) => (iso ? showDateTime(iso) : null);
  return (
    <Facts
      items={[
        ["Started", at(survey.started)],
        ["Ended", at(survey.ended)],
        ["Uploaded", at(survey.uploaded)],
        ["Location accuracy", survey.location_accuracy === null ? null : `${survey.location_accuracy} m`],
        ["App version", survey.app_version],
        ["Pre-survey remark", survey.pre_survey_remark],
        ["Your notes", survey.notes],
        ["Survey not done", survey.not_done_notes],
      ]}
    />
  );
}

/** A question's answer, or one line per SKU in a group that asks about SKUs. */
function AnswerOf({ question }: { question: FieldQuestion }) {
  const [first] = question.answers;
  if (question.answers.length <= 1 && !first?.sku) return <>{fieldAnswerText(question.type, first)}</>;
  return (
    <ul className="field-sku-answers">
      {question.answers.map((a, i) => (
        <li key={a.sku ?? i}>
          {a.sku && <span className="field-secondary">{a.sku}: </span>}
          {fieldAnswerText(question.type, a)}
        </li>
      ))}
    </ul>
  );
}

/** The outlet's question groups, each question with its answer, read-only. */
function Answers({ groups }: { groups: readonly FieldQuestionGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <>
      <h2 className="ekyc-subtitle">Questions and answers</h2>
      {groups.map((group) => (
        <section key={group.id} className="field-answer-group" aria-labelledby={`field-group-${group.id}`}>
          <h3 id={`field-group-${group.id}`}>{group.name}</h3>
          <dl className="field-facts">
            {group.questions.map((q) => (
              <div key={q.id}>
                <dt>{q.name}</dt>
                <dd>
                  <AnswerOf question={q} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}

export function FieldSurveyListing() {
  const { slug = "" } = useParams<{ slug?: string }>();
  const query = useQuery(fieldSurveysQuery(slug));
  if (!query.data) return <Waiting query={query} />;
  const { rsid, name, survey, groups, decisions } = query.data;
  return (
    <article aria-labelledby="field-surveys">
      <Link href={outletDetailPath(rsid)}>Back to {rsid}</Link>
      <h1 id="field-surveys" className="ekyc-title">
        Survey of {name}
      </h1>
      <Survey survey={survey} />
      <Answers groups={groups} />
      <h2 className="ekyc-subtitle">Decisions on this survey</h2>
      {decisions.length === 0 ? (
        <p>{MSG.noDataAvailable}</p>
      ) : (
        <ol className="field-decisions">
          {decisions.map((d) => (
            <li key={`${d.created}-${d.to_state}`}>
              <Decision decision={d} />
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
