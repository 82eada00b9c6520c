/**
 * A sku_group group's SKU table in Survey Details (spec 001 §2.2, §4.2): SKUs down, questions
 * across, at most 500 px high. While edit permission holds, a row's pencil opens its answers for
 * editing, and Add New Sku adds a row for one of the group's SKUs not in the table yet; Save and
 * Reset are the group's own. The rows, the open rows and the choices are the survey machine's.
 */
import { useState } from "react";
import {
  type AnswerSlot,
  type AnswerValue,
  answerValueOf,
  type SkuProduct,
} from "../../domain/survey/survey";
import ReferenceImages from "../widgets/ReferenceImages";
import AnswerInput, { shownValue } from "./AnswerInput";

type Props = {
  slots: readonly AnswerSlot[];
  skus: readonly SkuProduct[];
  /** The group's SKUs Add New Sku may add. */
  addable: readonly SkuProduct[];
  open: readonly number[];
  edits: Readonly<Record<string, AnswerValue>>;
  editable: boolean;
  today: string;
  onEdit: (sku: number) => void;
  onAdd: (sku: number) => void;
  onChange: (key: string, value: AnswerValue) => void;
};

export default function SurveySkuTable({
  slots,
  skus,
  addable,
  open,
  edits,
  editable,
  today,
  onEdit,
  onAdd,
  onChange,
}: Props) {
  const questions = [...new Map(slots.map((s) => [s.question.id, s.question])).values()];
  const [chosen, setChosen] = useState("");
  const adding = addable.find((s) => String(s.id) === chosen) ?? addable[0];
  return (
    <div className="survey-sku-table">
      {skus.length === 0 ? (
        <p>No Data Available</p>
      ) : (
        <div className="sku-table-scroll">
          <table className="sku-table">
            <thead>
              <tr>
                <th scope="col">SKU</th>
                {questions.map((q) => (
                  <th key={q.id} scope="col">
                    {q.name}
                    <ReferenceImages question={q.name} images={q.reference_images} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {skus.map((sku) => {
                const editing = editable && open.includes(sku.id);
                return (
                  <tr key={sku.id}>
                    <th scope="row">
                      {sku.name} <small>{sku.sku_code}</small>
                      {editable && !editing && (
                        <button
                          type="button"
                          className="button button-secondary button-small sku-row-edit"
                          aria-label={`Edit ${sku.name}`}
                          title={`Edit ${sku.name}`}
                          onClick={() => onEdit(sku.id)}
                        >
                          ✎
                        </button>
                      )}
                    </th>
                    {questions.map((q) => {
                      const slot = slots.find((s) => s.question.id === q.id && s.sku?.id === sku.id);
                      const value = (slot && edits[slot.key]) ?? answerValueOf(slot?.answer);
                      if (!slot || !editing) return <td key={q.id}>{shownValue(q, value)}</td>;
                      const id = `answer-${slot.key}`;
                      return (
                        <td key={q.id}>
                          <label htmlFor={id} className="visually-hidden">
                            {sku.name} {q.name}
                          </label>
                          <AnswerInput
                            id={id}
                            question={q}
                            value={value}
                            images={slot.answer?.images ?? []}
                            editable
                            today={today}
                            onChange={(next) => onChange(slot.key, next)}
                          />
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {editable && (
        <div className="survey-sku-add">
          <label htmlFor="survey-sku-add">SKU to add</label>
          <select
            id="survey-sku-add"
            value={adding ? String(adding.id) : ""}
            disabled={addable.length === 0}
            onChange={(e) => setChosen(e.target.value)}
          >
            {addable.length === 0 && <option value="">Every SKU of this group is in the table</option>}
            {addable.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.sku_code})
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button-secondary"
            disabled={!adding}
            onClick={() => adding && onAdd(adding.id)}
          >
            Add New Sku
          </button>
        </div>
      )}
    </div>
  );
}
