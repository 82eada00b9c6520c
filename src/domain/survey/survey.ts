/**
 * Survey Details' shapes and rules (spec 001 §2.2, §3, §4.2, §4.9, §7; 002 §3, §7): question
 * groups, questions with their validations and answers, the answer update call, and who may edit
 * or verify answers. The validators of a group's Save live in surveyValidation.ts.
 */
import { Schema } from "effect";
import { AnswerId, AnswerImageId, QuestionGroupId, QuestionId, SkuId } from "../api/ids";
import { resultsOf } from "../api/paginated";

/** The 20 question types of 001 §3: the survey, the questions upload and the question lists read this list. */
export const QUESTION_TYPES = [
  "yes_or_no",
  "single_choice",
  "dropdown",
  "multiple_choice",
  "date",
  "text",
  "number",
  "pin_code",
  "phone_number",
  "phone_number_without_otp",
  "phone_number_with_otp",
  "account_number",
  "ifsc_code",
  "gst_number",
  "pan_number",
  "location",
  "single_image",
  "multiple_image",
  "invoice_image",
  "e_signature",
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** How each question type reads on screen (forms, lists), never its stored name. */
export const QUESTION_TYPE_LABEL: Readonly<Record<QuestionType, string>> = {
  yes_or_no: "Yes or no",
  single_choice: "Single choice",
  dropdown: "Dropdown",
  multiple_choice: "Multiple choice",
  date: "Date",
  text: "Text",
  number: "Number",
  pin_code: "Pin code",
  phone_number: "Phone number",
  phone_number_without_otp: "Phone number without OTP",
  phone_number_with_otp: "Phone number with OTP",
  account_number: "Account number",
  ifsc_code: "IFSC code",
  gst_number: "GST number",
  pan_number: "PAN number",
  location: "Location",
  single_image: "Single image",
  multiple_image: "Multiple images",
  invoice_image: "Invoice image",
  e_signature: "E-signature",
};

export const questionTypeLabel = (type: string): string =>
  Object.hasOwn(QUESTION_TYPE_LABEL, type) ? QUESTION_TYPE_LABEL[type as QuestionType] : type;

/** The image question types: a group of only these is complete on load (§2.2). */
export const IMAGE_TYPES: readonly QuestionType[] = [
  "single_image",
  "multiple_image",
  "invoice_image",
  "e_signature",
];
export const isImageType = (type: string): boolean => (IMAGE_TYPES as readonly string[]).includes(type);

/** The choice question types: the answer is picked from the question's choices (or Yes and No). */
export const CHOICE_TYPES: readonly QuestionType[] = [
  "yes_or_no",
  "single_choice",
  "dropdown",
  "multiple_choice",
];
export const isChoiceType = (type: string): boolean => (CHOICE_TYPES as readonly string[]).includes(type);

/** §4.3: the answers with a verified state (IFSC, PAN, GST, account number); editing the value resets it. */
export const VERIFIED_TYPES: readonly QuestionType[] = [
  "ifsc_code",
  "pan_number",
  "gst_number",
  "account_number",
];
export const isVerifiedType = (type: string): boolean => (VERIFIED_TYPES as readonly string[]).includes(type);

const Text = Schema.NullOr(Schema.String);
const Num = Schema.NullOr(Schema.Number);
const Flag = Schema.NullOr(Schema.Boolean);

/** §3 validations; every key may be absent. Choices are a semicolon-separated string. */
export const Validations = Schema.Struct({
  min_length: Schema.optional(Num),
  max_length: Schema.optional(Num),
  upper_limit: Schema.optional(Num),
  lower_limit: Schema.optional(Num),
  lower_than: Schema.optional(Text),
  greater_than: Schema.optional(Text),
  allow_decimals: Schema.optional(Flag),
  choices: Schema.optional(Text),
});
export type Validations = typeof Validations.Type;

/** The choices of a choice question, split at semicolons (§3). */
export const choicesOf = (validations: Validations): string[] =>
  (validations.choices ?? "")
    .split(";")
    .map((c) => c.trim())
    .filter((c) => c !== "");

export const SkuProduct = Schema.Struct({ id: SkuId, sku_code: Schema.String, name: Schema.String });
export type SkuProduct = typeof SkuProduct.Type;

export const QuestionGroup = Schema.Struct({
  id: QuestionGroupId,
  name: Schema.String,
  slug: Schema.String,
  type: Schema.Literals(["general", "sku_group"]),
  related_sku_products: Schema.Array(SkuProduct),
  /** True when the group asks nothing but images: it counts as complete on load (§2.2). */
  image_only: Schema.Boolean,
});
export type QuestionGroup = typeof QuestionGroup.Type;
export const QuestionGroups = resultsOf(QuestionGroup);

export const AnswerImage = Schema.Struct({ id: AnswerImageId, image: Schema.String });
export type AnswerImage = typeof AnswerImage.Type;

export const PreviousAnswer = Schema.Struct({
  workflow_object: Schema.Number,
  sub_project_name: Schema.String,
  single_input: Text,
  images: Schema.Array(AnswerImage),
});

/** An answer (001 §3, 002 §3 answer for editing). `version` guards against stale saves. */
export const Answer = Schema.Struct({
  id: AnswerId,
  answer_type: Schema.String,
  single_input: Text,
  multiple_answers_input: Schema.Array(Schema.String),
  latitude_input: Num,
  longitude_input: Num,
  sku_product: Schema.NullOr(SkuProduct),
  remarks: Text,
  has_called_and_verified: Schema.Boolean,
  is_edited: Schema.Boolean,
  verified: Schema.Boolean,
  verified_secondary: Schema.Boolean,
  other_phone_number: Text,
  other_ifsc_code: Text,
  other_bank_name: Text,
  other_branch_name: Text,
  other_account_holder_name: Text,
  other_upi_account_name: Text,
  other_pan_holder_name: Text,
  other_gst_trade_name: Text,
  other_gst_legal_name: Text,
  other_gst_registration_status: Text,
  is_gst_trade_name_found: Flag,
  is_gst_legal_name_found: Flag,
  images: Schema.Array(AnswerImage),
  previous_answers: Schema.Array(PreviousAnswer),
  version: Schema.Number,
});
export type Answer = typeof Answer.Type;

export const Question = Schema.Struct({
  id: QuestionId,
  name: Schema.String,
  type: Schema.Literals(QUESTION_TYPES),
  is_mandatory: Schema.Boolean,
  validations: Validations,
  reference_images: Schema.Array(Schema.String),
  is_calling_necessary: Schema.Boolean,
  related_answers: Schema.Array(Answer),
});
export type Question = typeof Question.Type;
export const GroupAnswers = resultsOf(Question);
export type GroupAnswers = typeof GroupAnswers.Type;

export const LinkedImage = Schema.Struct({
  id: AnswerImageId,
  image: Schema.String,
  question: Schema.String,
});
export const LinkedImages = Schema.Array(LinkedImage);
export type LinkedImage = typeof LinkedImage.Type;

// --- The values a reviewer edits, and the update call (002 §7: object_type answers) ---

/** What the reviewer can change of one answer (or give to an unanswered question). */
export type AnswerValue = {
  single_input: string;
  multiple_answers_input: readonly string[];
  latitude_input: string;
  longitude_input: string;
  other_phone_number: string;
  other_ifsc_code: string;
};
/** What the calling executive records per answer (§4.9). */
export type CallCheck = { has_called_and_verified: boolean; remarked: boolean; remarks: string };

/** The fields an answer's value is read from: an answer as read, a stored row or a saved body. */
type ValueSource = {
  single_input?: string | null;
  multiple_answers_input?: readonly string[];
  latitude_input?: number | null;
  longitude_input?: number | null;
  other_phone_number?: string | null;
  other_ifsc_code?: string | null;
};

/** The value a question's answer holds now (an unanswered question: empty). */
export function answerValueOf(answer: ValueSource | undefined): AnswerValue {
  return {
    single_input: answer?.single_input ?? "",
    multiple_answers_input: answer?.multiple_answers_input ?? [],
    latitude_input: answer?.latitude_input == null ? "" : String(answer.latitude_input),
    longitude_input: answer?.longitude_input == null ? "" : String(answer.longitude_input),
    other_phone_number: answer?.other_phone_number ?? "",
    other_ifsc_code: answer?.other_ifsc_code ?? "",
  };
}

/** An answer's call check: a remark is any remarks text, even one still without its Reason. */
export const callCheckOf = (
  answer: Pick<Answer, "has_called_and_verified" | "remarks"> | undefined,
): CallCheck => ({
  has_called_and_verified: answer?.has_called_and_verified ?? false,
  remarked: answer?.remarks != null,
  remarks: answer?.remarks ?? "",
});

/** The editable fields an update may carry, and the call-check fields of the calling view. */
export const VALUE_FIELDS = [
  "single_input",
  "multiple_answers_input",
  "latitude_input",
  "longitude_input",
  "other_phone_number",
  "other_ifsc_code",
] as const;
export const CALL_FIELDS = ["has_called_and_verified", "remarks"] as const;

const sameValue = (a: AnswerValue, b: AnswerValue) =>
  VALUE_FIELDS.every((f) =>
    f === "multiple_answers_input"
      ? a[f].length === b[f].length && a[f].every((v, i) => v === b[f][i])
      : a[f] === b[f],
  );

/** The key of a question's answer slot: the question, and the SKU in a sku_group group. */
export const slotKey = (questionId: number, skuId: number | null = null) =>
  skuId === null ? String(questionId) : `${questionId}:${skuId}`;

/** An answer's fields as a save sends them: a text may be cleared with null. */
export type UpdateAnswer = {
  single_input?: string | null;
  other_phone_number?: string | null;
  other_ifsc_code?: string | null;
  multiple_answers_input?: readonly string[];
  latitude_input?: number | null;
  longitude_input?: number | null;
  has_called_and_verified?: boolean;
  remarks?: string | null;
  version: number;
};
export type CreateAnswer = Omit<UpdateAnswer, "version"> & {
  question: number;
  workflow_object: number;
  sku_product: number | null;
};
export type AnswersUpdateRequest = {
  object_type: "answers";
  data_to_create: CreateAnswer[] | null;
  data_to_update: Record<string, UpdateAnswer>;
};
/**
 * A save's outcome: saved; refused (403 or 409: the server's words are shown by the HTTP layer); or
 * found invalid by the server (its lines, shown like the screen's own problems).
 */
export type SaveOutcome =
  | { type: "ok" }
  | { type: "refused" }
  | { type: "invalid"; problems: readonly string[] };

export const AnswersUpdateResponse = Schema.Struct({
  data_to_update: Schema.Record(Schema.String, Schema.Unknown),
  data_to_create: Schema.Array(Schema.Unknown),
});

const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));

function valueFields(v: AnswerValue) {
  return {
    single_input: v.single_input,
    multiple_answers_input: [...v.multiple_answers_input],
    latitude_input: numberOrNull(v.latitude_input),
    longitude_input: numberOrNull(v.longitude_input),
    other_phone_number: v.other_phone_number,
    other_ifsc_code: v.other_ifsc_code,
  };
}

/**
 * The update call for a group's edited answers: changed answers by id with the version they were
 * read at; unanswered questions given a value are created. Unchanged answers are not sent.
 */
export function answersUpdate(
  workflowObject: number,
  questions: readonly Question[],
  edits: Readonly<Record<string, AnswerValue>>,
  slots: readonly AnswerSlot[] = slotsOf(questions),
): AnswersUpdateRequest {
  const create: CreateAnswer[] = [];
  const update: Record<string, UpdateAnswer> = {};
  for (const slot of slots) {
    const edited = edits[slot.key];
    if (!edited || sameValue(edited, answerValueOf(slot.answer))) continue;
    if (slot.answer)
      update[String(slot.answer.id)] = { ...valueFields(edited), version: slot.answer.version };
    else
      create.push({
        ...valueFields(edited),
        question: slot.question.id,
        workflow_object: workflowObject,
        sku_product: slot.sku?.id ?? null,
      });
  }
  return { object_type: "answers", data_to_create: create.length ? create : null, data_to_update: update };
}

/** The calling view's update: the call checks of answered calling-necessary questions. */
export function callChecksUpdate(
  questions: readonly Question[],
  checks: Readonly<Record<string, CallCheck>>,
): AnswersUpdateRequest {
  const update: Record<string, UpdateAnswer> = {};
  for (const slot of slotsOf(questions)) {
    const check = checks[slot.key];
    if (!check || !slot.answer || !slot.question.is_calling_necessary) continue;
    update[String(slot.answer.id)] = {
      has_called_and_verified: check.has_called_and_verified,
      remarks: check.remarked ? check.remarks.trim() : null,
      version: slot.answer.version,
    };
  }
  return { object_type: "answers", data_to_create: null, data_to_update: update };
}

export type AnswerSlot = { key: string; question: Question; sku: SkuProduct | null; answer?: Answer };

/** Every answer slot of a group: one per question, or one per question and SKU in a sku_group. */
export function slotsOf(questions: readonly Question[], skus: readonly SkuProduct[] = []): AnswerSlot[] {
  return questions.flatMap((question): AnswerSlot[] => {
    const withSku = question.related_answers.filter((a) => a.sku_product !== null);
    if (skus.length === 0 && withSku.length === 0)
      return [{ key: slotKey(question.id), question, sku: null, answer: question.related_answers[0] }];
    const products = skus.length ? skus : withSku.map((a) => a.sku_product!);
    return products.map((sku) => ({
      key: slotKey(question.id, sku.id),
      question,
      sku,
      answer: question.related_answers.find((a) => a.sku_product?.id === sku.id),
    }));
  });
}

// --- The SKU table of a sku_group group (001 §2.2, §4.2) ---

/**
 * The SKUs down a sku_group group's table: those the outlet's answers name, in the group's order
 * (a SKU answered that the group no longer lists after them), then those added on the screen.
 */
export function skuTableSkus(
  questions: readonly Question[],
  related: readonly SkuProduct[],
  added: readonly SkuProduct[] = [],
): SkuProduct[] {
  const answered = new Map<number, SkuProduct>();
  for (const q of questions)
    for (const a of q.related_answers) if (a.sku_product) answered.set(a.sku_product.id, a.sku_product);
  const listed = related.filter((s) => answered.has(s.id));
  const unlisted = [...answered.values()].filter((s) => !related.some((r) => r.id === s.id));
  return [...listed, ...unlisted, ...added.filter((s) => !answered.has(s.id))];
}

export const SKU_NOT_IN_GROUP = "Not a SKU of this question's group.";

/**
 * An answer of a sku_group question names one of its group's SKUs; an answer of any other question
 * names none (001 §2.2). The server asks it of every answer a save creates.
 */
export const answerSkuProblem = (
  group: { readonly type: string; readonly related_sku_ids: readonly number[] },
  sku: number | null,
): string | null =>
  (group.type === "sku_group" ? sku !== null && group.related_sku_ids.includes(sku) : sku === null)
    ? null
    : SKU_NOT_IN_GROUP;

/** An answer as QC Edit History names it: its question, and its SKU in a sku_group group. */
export const answerLabel = (question: string, sku: string | null): string =>
  sku ? `${question} (${sku})` : question;

/** Add New Sku offers the group's SKUs that are not in its table yet. */
export const skusToAdd = (related: readonly SkuProduct[], inTable: readonly SkuProduct[]): SkuProduct[] =>
  related.filter((s) => !inTable.some((t) => t.id === s.id));

/**
 * The answer slots a group's Save checks and sends: one per question, or in a sku_group group one
 * per question and SKU of its table (none while the table is empty).
 */
export function groupSlots(
  group: Pick<QuestionGroup, "type" | "related_sku_products">,
  questions: readonly Question[],
  added: readonly SkuProduct[] = [],
): AnswerSlot[] {
  if (group.type !== "sku_group") return slotsOf(questions);
  const skus = skuTableSkus(questions, group.related_sku_products, added);
  return skus.length ? slotsOf(questions, skus) : [];
}

// --- Who may edit (§4.2) and verify by calling (§4.9) ---

/** An answer of the group a Save is for: its question, and its call check as the Save leaves it. */
export type GroupCallCheck = { question: string; is_calling_necessary: boolean; check: CallCheck };

/**
 * 001 §4.9 Calling verification: the Save of a group needs at least one of its answered
 * calling-necessary questions called and verified or given a remark, and a remark needs its Reason.
 * A group that asks nothing to be called about has nothing to verify. The screen asks it of the
 * group it shows, the server of each group whose call checks a save records.
 */
export function callingVerification(
  answers: readonly GroupCallCheck[],
): { ok: true } | { ok: false; message: string } {
  const necessary = answers.filter((a) => a.is_calling_necessary);
  if (necessary.length === 0) return { ok: true };
  const missingReason = necessary.find((a) => a.check.remarked && a.check.remarks.trim() === "");
  if (missingReason) return { ok: false, message: `${REASON_REQUIRED} ${missingReason.question}.` };
  if (!necessary.some((a) => a.check.has_called_and_verified || a.check.remarked))
    return { ok: false, message: CALLING_NOT_VERIFIED };
  return { ok: true };
}

/** The screen's group as §4.9 reads it: each answered question with its check, as changed or as read. */
export const groupCallChecks = (
  questions: readonly Question[],
  checks: Readonly<Record<string, CallCheck>>,
): GroupCallCheck[] =>
  slotsOf(questions)
    .filter((s) => s.answer)
    .map((s) => ({
      question: s.question.name,
      is_calling_necessary: s.question.is_calling_necessary,
      check: checks[s.key] ?? callCheckOf(s.answer),
    }));
export const CALLING_NOT_VERIFIED =
  "Mark at least one calling question as called and verified, or give it a remark.";
export const REASON_REQUIRED = "Give the Reason for the remark on";
/** Not in the spec: a call check sent for a question that asks for none (§4.9). */
export const NOT_A_CALLING_QUESTION = "This question is not one to verify by calling.";

/** Who records call checks: the calling executive on a validation call (§2.1, §4.9). */
export const canVerifyByCalling = (role: string, typeOfCalling: string | null): boolean =>
  role === "calling-executive" && typeOfCalling === "validation";

export const ANSWER_EDIT_NOT_ALLOWED = "You cannot edit the answers of this outlet in its present state.";
export const STALE_ANSWER =
  "These answers were changed by someone else since you opened them. Reload to see the changes.";
export const ANSWERS_SAVED = "Answers saved.";
/** Asked before leaving a group whose changed answers are not saved (the product's words). */
export const LEAVE_UNSAVED_ANSWERS = "Your changed answers are not saved. Leave this page and lose them?";
