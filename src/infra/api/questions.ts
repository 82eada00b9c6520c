/** A question's own screen (src/domain/api/questions.ts): the question read, and its reference images saved. */
import { queryOptions } from "@tanstack/react-query";
import type { Effect } from "effect";
import type { SaveOutcome } from "../../domain/admin/resource";
import type { QuestionId } from "../../domain/api/ids";
import * as api from "../../domain/api/questions";
import { referenceImagesSaved } from "../../domain/survey/referenceImages";
import { call } from "../endpoint";
import { type ApiError, runApi } from "../http";
import { saveOutcomeOf } from "./resources";

export const questionKey = (id: QuestionId) => ["questions", id, "reference-images"] as const;

export const readQuestion = (id: QuestionId) => call(api.questionReferenceImages, { params: { id } });

export const questionQuery = (id: QuestionId) =>
  queryOptions({
    queryKey: questionKey(id),
    queryFn: ({ signal }) => runApi(readQuestion(id), { signal }),
  });

/** The save at the version read; a 400's field lines and a 409 come back as outcomes. */
export const saveReferenceImages = (
  id: QuestionId,
  images: readonly string[],
  version: number,
): Effect.Effect<SaveOutcome, ApiError> =>
  saveOutcomeOf(
    call(api.saveQuestionReferenceImages, { params: { id }, body: { reference_images: images, version } }),
    (question) => ({ type: "saved", record: null, detail: referenceImagesSaved(question.name) }),
  );
