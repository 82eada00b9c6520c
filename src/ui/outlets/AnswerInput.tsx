/**
 * One answer of Survey Details (spec 001 §2.2, §5.2; 002 §5): an input per question type with its
 * filters and limits (cut after filtering, so a pasted "+91 98765 43210" keeps all its digits), or the answer read-only for those who may not edit it. Image answers show
 * tiles that open the shared gallery; an unanswered e-signature reads 'Not Answered'.
 */
import { NOT_AVAILABLE } from "../../domain/outlets/outletReview";
import { type AnswerImage, type AnswerValue, isImageType, type Question } from "../../domain/survey/survey";
import { answerDateProblem, choicesFor, filterInput } from "../../domain/survey/surveyValidation";
import ImageTiles from "./ImageTiles";

export const NOT_ANSWERED = "Not Answered";

/** The answer as text, for the read-only view and the previous answers. */
export function shownValue(question: Question, value: AnswerValue): string {
  if (question.type === "multiple_choice") return value.multiple_answers_input.join(", ") || NOT_AVAILABLE;
  if (question.type === "location")
    return value.latitude_input && value.longitude_input
      ? `${value.latitude_input}, ${value.longitude_input}`
      : NOT_AVAILABLE;
  return value.single_input || NOT_AVAILABLE;
}

export default function AnswerInput({
  id,
  question,
  value,
  images,
  editable,
  today,
  onChange,
}: {
  id: string;
  question: Question;
  value: AnswerValue;
  images: readonly AnswerImage[];
  editable: boolean;
  today: string;
  onChange: (value: AnswerValue) => void;
}) {
  const { type, validations } = question;
  if (isImageType(type)) {
    if (images.length === 0)
      return <span className="answer-empty">{type === "e_signature" ? NOT_ANSWERED : "No image found"}</span>;
    return <ImageTiles title={question.name} images={images} />;
  }
  if (!editable) return <span className="answer-value">{shownValue(question, value)}</span>;
  const set = (single_input: string) => onChange({ ...value, single_input });
  switch (type) {
    case "yes_or_no":
    case "single_choice":
    case "dropdown":
      return (
        <select id={id} value={value.single_input} onChange={(e) => set(e.target.value)}>
          <option value="">Select</option>
          {choicesFor(question).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      );
    case "multiple_choice":
      return (
        <fieldset id={id} className="answer-choices">
          <legend className="visually-hidden">{question.name}</legend>
          {choicesFor(question).map((c) => (
            <label key={c}>
              <input
                type="checkbox"
                checked={value.multiple_answers_input.includes(c)}
                onChange={(e) =>
                  onChange({
                    ...value,
                    multiple_answers_input: e.target.checked
                      ? [...value.multiple_answers_input, c]
                      : value.multiple_answers_input.filter((x) => x !== c),
                  })
                }
              />{" "}
              {c}
            </label>
          ))}
        </fieldset>
      );
    case "date": {
      const problem = answerDateProblem(value.single_input, validations, today);
      return (
        <>
          <input
            id={id}
            type="date"
            value={value.single_input}
            max={today}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => set(e.target.value)}
          />
          {problem && (
            <span id={`${id}-problem`} className="field-error">
              {problem}
            </span>
          )}
        </>
      );
    }
    case "location":
      return (
        <span className="answer-location">
          <input
            id={id}
            inputMode="decimal"
            aria-label={`${question.name} latitude`}
            value={value.latitude_input}
            onChange={(e) => onChange({ ...value, latitude_input: e.target.value })}
          />
          <input
            inputMode="decimal"
            aria-label={`${question.name} longitude`}
            value={value.longitude_input}
            onChange={(e) => onChange({ ...value, longitude_input: e.target.value })}
          />
        </span>
      );
    case "account_number":
      return (
        <span className="answer-account">
          <input
            id={id}
            inputMode="numeric"
            value={value.single_input}
            onChange={(e) => set(filterInput(type, e.target.value))}
          />
          <input
            aria-label="Linked phone number"
            placeholder="+91 phone"
            value={value.other_phone_number}
            onChange={(e) =>
              onChange({ ...value, other_phone_number: filterInput("phone_number", e.target.value) })
            }
          />
          <input
            aria-label="Linked IFSC code"
            placeholder="IFSC"
            value={value.other_ifsc_code}
            onChange={(e) =>
              onChange({ ...value, other_ifsc_code: filterInput("ifsc_code", e.target.value) })
            }
          />
        </span>
      );
    default:
      return (
        <input
          id={id}
          inputMode={
            type === "number" || type === "pin_code" || type.startsWith("phone") ? "numeric" : undefined
          }
          value={value.single_input}
          onChange={(e) => set(filterInput(type, e.target.value))}
        />
      );
  }
}
