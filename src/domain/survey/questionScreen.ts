/**
 * A question's own screen, general or SKU question, opened from the sub-project's question lists
 * (docs/survey.md, "Reference images"). Not a route of the spec's catalogue, which names only the
 * lists; kept apart from the question definitions so the route table can name it without them.
 */
export const QUESTION_SCREEN =
  "/dashboard/projects/view-list/:projectSlug/view/:slug/question-management/view/:questionId";
