/**
 * Survey Details shows each question's reference images beside it (001 §3 Question
 * reference_images; docs/survey.md): thumbnails described for readers, each opening the full image
 * in a new tab; a question without any shows none, and a SKU group shows them under the question's
 * column heading.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import { QuestionGroupId, QuestionId, SkuId } from "../../src/domain/api/ids";
import type { AnswersUpdateRequest, QuestionGroup } from "../../src/domain/survey/survey";
import type {
  AnswersOutcome,
  GroupsOutcome,
  SaveOutcome,
  SurveyGroupsInput,
} from "../../src/machines/survey/surveyGroups";
import SurveyDetails from "../../src/ui/outlets/SurveyDetails";
import { sampleAnswer, sampleQuestions } from "../machines/fixtures/surveyGroups";

afterEach(cleanup);

const board = {
  ...sampleQuestions[0]!,
  id: QuestionId.make(13),
  name: "Shop board visible?",
  type: "yes_or_no" as const,
  validations: {},
  reference_images: ["/reference-images/shop-board-visible.svg", "https://cdn.example.in/boards/hidden.jpg"],
  related_answers: [{ ...sampleAnswer(103, "Yes"), answer_type: "yes_or_no" }],
};

/** A QC manager reviewing an outlet waiting for QC. */
const QC_MANAGER: SurveyGroupsInput = {
  workflowObject: 77,
  role: "qc-manager",
  workflowState: "qc_pending",
  typeOfCalling: null,
  hasUpdateActions: true,
  callingView: false,
  retailerRequests: [],
  workflowStateChanged: false,
  collectedBills: false,
  today: "2026-11-20",
};

function renderSurvey(groups: QuestionGroup[], questions: AnswersOutcome["questions"]) {
  const actors = {
    loadGroups: fromPromise<GroupsOutcome, { workflowObject: number }>(async () => ({ type: "ok", groups })),
    loadAnswers: fromPromise<AnswersOutcome, { workflowObject: number; group: number }>(async () => ({
      type: "ok",
      questions,
    })),
    saveGroup: fromPromise<SaveOutcome, { request: AnswersUpdateRequest }>(
      () => new Promise<never>(() => {}),
    ),
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SurveyDetails actors={actors} {...QC_MANAGER} />
    </QueryClientProvider>,
  );
}

const group = (type: QuestionGroup["type"]): QuestionGroup => ({
  id: QuestionGroupId.make(1),
  name: "Shop Details",
  slug: "shop-details",
  type,
  related_sku_products:
    type === "sku_group" ? [{ id: SkuId.make(5), sku_code: "SKU-COLA-250", name: "Cola 250 ml" }] : [],
  image_only: false,
});

describe("reference images in Survey Details", () => {
  it("shows a question's reference images beside it, each opening the full image in a new tab", async () => {
    renderSurvey([group("general")], [sampleQuestions[0]!, board]);
    const list = await screen.findByRole("list", { name: "Reference images of Shop board visible?" });
    const links = within(list).getAllByRole("link");
    expect(
      links.map((a) => [
        a.getAttribute("href"),
        a.getAttribute("target"),
        a.getAttribute("rel"),
        a.textContent,
      ]),
    ).toEqual([
      ["/reference-images/shop-board-visible.svg", "_blank", "noopener noreferrer", " (opens in a new tab)"],
      ["https://cdn.example.in/boards/hidden.jpg", "_blank", "noopener noreferrer", " (opens in a new tab)"],
    ]);
    expect(
      within(list)
        .getAllByRole("img")
        .map((img) => [img.getAttribute("alt"), img.getAttribute("src")]),
    ).toEqual([
      ["Reference image 1 of Shop board visible?", "/reference-images/shop-board-visible.svg"],
      ["Reference image 2 of Shop board visible?", "https://cdn.example.in/boards/hidden.jpg"],
    ]);
    // Beside the question: in the block that names it, next to its label.
    const name = list.closest(".survey-question-name")!;
    expect(name.querySelector("label")!.textContent).toBe("Shop board visible? *");
    // A question without reference images shows none.
    expect(screen.queryByRole("list", { name: "Reference images of Shop name" })).toBeNull();
    expect(screen.getAllByRole("list", { name: /^Reference images of/ })).toHaveLength(1);
  });

  it("shows them under the question's heading in a SKU group's table", async () => {
    const facings = {
      ...board,
      name: "Facings",
      type: "number" as const,
      related_answers: [
        {
          ...sampleAnswer(104, "4"),
          sku_product: { id: SkuId.make(5), sku_code: "SKU-COLA-250", name: "Cola 250 ml" },
        },
      ],
    };
    renderSurvey([group("sku_group")], [facings]);
    const heading = await screen.findByRole("columnheader", { name: /^Facings/ });
    await waitFor(() =>
      expect(
        within(heading)
          .getAllByRole("img")
          .map((img) => img.getAttribute("alt")),
      ).toEqual(["Reference image 1 of Facings", "Reference image 2 of Facings"]),
    );
  });
});
