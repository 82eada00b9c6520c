/**
 * The survey overview (/dashboard/survey; docs/survey.md): the chosen sub-project's questions in
 * survey order, a page at a time, each with how many of its outlets answered it and, for choice
 * questions, how often each choice was picked; number questions show their range. The sub-project
 * and the page live in the address, so the hub's link and a shared address open the same overview.
 */
import { useQuery } from "@tanstack/react-query";
import { questionTypeLabel } from "../../domain/survey/survey";
import { answeredText, type QuestionOverview, type SurveyOverview } from "../../domain/survey/surveyOverview";
import { surveyOverviewQuery } from "../../infra/api/survey";
import { DEFAULT_PAGE_SIZE, useAddressQuery } from "../reports/address";
import { FilterSelect, Pager } from "../reports/parts";
import { Loaded } from "../shell/Loaded";
import "../reports/reports.css";
import "./outlets.css";

function Distribution({ question }: { question: QuestionOverview }) {
  const total = question.values.reduce((s, v) => s + v.count, 0);
  return (
    <ul className="survey-overview-values" aria-label={`Answers to ${question.name}`}>
      {question.values.map((v) => (
        <li key={v.value}>
          <span className="survey-overview-value">{v.value}</span>
          <span className="survey-overview-bar" aria-hidden="true">
            <span style={{ width: `${total === 0 ? 0 : (v.count / total) * 100}%` }} />
          </span>
          <span className="survey-overview-count">{v.count}</span>
        </li>
      ))}
    </ul>
  );
}

function QuestionCard({ question, outlets }: { question: QuestionOverview; outlets: number }) {
  return (
    <li className="card survey-overview-question">
      <h2>{question.name}</h2>
      <p className="report-muted">
        {question.group} · {questionTypeLabel(question.type)}
      </p>
      <p>Answered by {answeredText(question.answered, outlets)}</p>
      {question.values.length > 0 && <Distribution question={question} />}
      {question.numbers && (
        <p>
          Smallest {question.numbers.min}, largest {question.numbers.max}, average {question.numbers.average}
        </p>
      )}
    </li>
  );
}

function Overview({ data }: { data: SurveyOverview }) {
  const address = useAddressQuery();
  if (!data.sub_project) return <p className="notice">No sub-project to show.</p>;
  return (
    <>
      <div className="report-filters">
        <FilterSelect
          label="Sub-project"
          value={data.sub_project.slug}
          onChange={(v) => address.set({ sub_project: v })}
          options={data.sub_projects.map((s) => ({
            value: s.slug,
            label: `${s.organisation} · ${s.project} · ${s.name}`,
          }))}
        />
      </div>
      <p>
        {data.count} questions over {data.outlets} outlets of {data.sub_project.name}.
      </p>
      {data.results.length === 0 ? (
        <p className="notice">This sub-project asks no questions yet.</p>
      ) : (
        <ol className="survey-overview" aria-label="Questions">
          {data.results.map((q) => (
            <QuestionCard key={q.id} question={q} outlets={data.outlets} />
          ))}
        </ol>
      )}
      <Pager
        page={address.page}
        count={data.count}
        pageSize={DEFAULT_PAGE_SIZE}
        hrefOf={(p) => address.hrefWith({ page: String(p) })}
        label="Question pages"
      />
    </>
  );
}

export default function SurveyOverviewScreen() {
  const address = useAddressQuery();
  const overview = useQuery({
    ...surveyOverviewQuery(address.get("sub_project"), { page: address.page, pageSize: DEFAULT_PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });
  return (
    <div className="page">
      <h1>Survey</h1>
      <p className="report-muted">
        What the field auditors answered, question by question, over a sub-project's outlets.
      </p>
      <Loaded query={overview} what="The survey overview" notFound>
        {(data) => <Overview data={data} />}
      </Loaded>
    </div>
  );
}
