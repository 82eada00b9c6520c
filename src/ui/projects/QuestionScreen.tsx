/**
 * A question's own screen (docs/survey.md, "Reference images"), opened from the sub-project's question
 * lists: what the question asks, its reference images as thumbnails that open the full image, and,
 * for those who write questions, the form that changes them (the resourceForm machine with this
 * screen's calls: read, then save at the version read). Not a route of the spec's catalogue.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Schema } from "effect";
import { useMemo } from "react";
import { Link, useParams } from "wouter";
import { fromPromise } from "xstate";
import { RECORD_LOAD_FAILED, type ResourceRecord, type SaveOutcome } from "../../domain/admin/resource";
import {
  mayChangeReferenceImages,
  questionReferenceImages,
  questions,
  skuQuestions,
} from "../../domain/admin/resources/questions";
import { IdFromText, QuestionId, ResourceRecordId } from "../../domain/api/ids";
import { inSentence } from "../../domain/shared/format";
import { pathFor } from "../../domain/shared/routePatterns";
import { splitReferenceImages } from "../../domain/survey/referenceImages";
import { questionTypeLabel } from "../../domain/survey/survey";
import { questionKey, questionQuery, readQuestion, saveReferenceImages } from "../../infra/api/questions";
import type { SaveRequest } from "../../infra/api/resources";
import { isApiError, runApi } from "../../infra/http";
import ResourceFormScreen from "../admin/ResourceFormScreen";
import { resourceFormActors } from "../admin/resourceActors";
import { useTitle } from "../routes/useTitle";
import { useCurrentUser } from "../session/SessionGate";
import Loading from "../shell/Loading";
import ReferenceImages from "../widgets/ReferenceImages";

export const QUESTION_NOT_FOUND = "This question was not found.";
export const ONLY_INTERNAL_CHANGE =
  "The internal organisation's project managers change a question's reference images.";

const questionIdOf = Schema.decodeUnknownOption(IdFromText(QuestionId));

/** The form's calls: the question read afresh (Reload after a conflict too), and the save. */
function formActors(client: ReturnType<typeof useQueryClient>, id: QuestionId) {
  return {
    ...resourceFormActors,
    loadRecord: fromPromise<ResourceRecord, { resource: string; address: string }>(async ({ signal }) => {
      const question = await runApi(readQuestion(id), { signal });
      // The facts above the form show what the form was loaded with (a Reload after a conflict too).
      client.setQueryData(questionKey(id), question);
      return {
        id: ResourceRecordId.make(question.id),
        version: question.version,
        address: String(question.id),
        values: { reference_images: question.reference_images.join("\n") },
        labels: {},
        modified_at: null,
        modified_by: null,
      };
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async ({ input, signal }) => {
      const images = splitReferenceImages(String(input.values.reference_images ?? ""));
      const outcome = await runApi(saveReferenceImages(id, images, input.version ?? 0), { signal });
      // Saved, or changed by someone else: either way what is stored is read again.
      if (outcome.type !== "invalid") await client.invalidateQueries({ queryKey: questionKey(id) });
      return outcome;
    }),
  };
}

export default function QuestionScreen() {
  const params = useParams<{ projectSlug: string; slug: string; questionId: string }>();
  const id = questionIdOf(params.questionId);
  if (id._tag === "None") return <NotFound />;
  return <Question id={id.value} route={params} />;
}

function NotFound() {
  useTitle("Question");
  return (
    <div className="page">
      <h1>Question</h1>
      <p role="alert">{QUESTION_NOT_FOUND}</p>
    </div>
  );
}

function Question({ id, route }: { id: QuestionId; route: { projectSlug: string; slug: string } }) {
  const user = useCurrentUser();
  const client = useQueryClient();
  const read = useQuery(questionQuery(id));
  const actors = useMemo(() => formActors(client, id), [client, id]);
  useTitle(read.data?.name ?? "Question");
  if (read.isPending) return <Loading />;
  if (read.isError) {
    const missing = isApiError(read.error) && read.error._tag === "HttpError" && read.error.status === 404;
    if (missing) return <NotFound />;
    return (
      <div className="page">
        <div className="form-messages form-messages-error" role="alert">
          <p>{RECORD_LOAD_FAILED}</p>
          <button type="button" className="button button-secondary" onClick={() => read.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  const question = read.data;
  const list = question.group_type === "sku_group" ? skuQuestions : questions;
  const listPath = pathFor(list.routes.list!, route);
  const mayChange = mayChangeReferenceImages(user?.permissions ?? [], {
    internal: user?.organisation.kind === "internal",
    organisationId: user?.organisation.id ?? 0,
  });
  return (
    <div className="page question-screen">
      <div className="page-heading">
        <h1>{question.name}</h1>
        <Link href={listPath}>Back to {inSentence(list.plural)}</Link>
      </div>
      <dl className="facts card">
        <div>
          <dt>Question group</dt>
          <dd>{question.question_group}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{questionTypeLabel(question.type)}</dd>
        </div>
        <div>
          <dt>Reference images</dt>
          <dd>
            {question.reference_images.length === 0 ? (
              "None yet"
            ) : (
              <ReferenceImages question={question.name} images={question.reference_images} size="large" />
            )}
          </dd>
        </div>
      </dl>
      {mayChange ? (
        <>
          <p>
            Reference images show beside the question in Survey Details. Write each image's address on a line
            of its own: an https:// address, or a path of this site starting with /.
          </p>
          <ResourceFormScreen
            def={questionReferenceImages}
            place={{ parent: null, address: String(id), route }}
            parent={null}
            actors={actors}
            title="Change the reference images"
            afterSave={listPath}
            embedded
          />
        </>
      ) : (
        <p>{ONLY_INTERNAL_CHANGE}</p>
      )}
    </div>
  );
}
