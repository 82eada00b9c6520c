/**
 * Demo field app dumps in the documented format (docs/field-tools.md): the surveys a field app holds
 * for outlets it could not sync. Used by the demo data and by the tests, which upload one.
 */
import { DUMP_FORMAT, DUMP_VERSION, type DumpSurvey } from "../../src/domain/fieldTools/fieldTools";

/** A 1 x 1 PNG: the shop front photo every demo survey carries. */
export const TINY_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

export type DemoSurveyPlace = { subProject: string; surveyDate: string; cityId: number; territoryId: number };

/** One survey of a new outlet, its facts and answers made from its RSID. */
export function demoSurvey(rsid: string, place: DemoSurveyPlace, n: number): DumpSurvey {
  return {
    rsid,
    sub_project: place.subProject,
    survey_date: place.surveyDate,
    outlet: {
      name: `Recovered Stores ${n}`,
      owner_name: `Owner ${n}`,
      address: `${10 + n}, Market Road`,
      pin: "560001",
      city_id: place.cityId,
      territory_id: place.territoryId,
      phone: `98450${String(10000 + n).slice(-5)}`,
      pan: `ABCPR${String(1000 + n).slice(-4)}K`,
      gst: "29ABCPR1234K1Z5",
      ifsc: "SBIN0001234",
      account_number: `1234567${String(100 + n).slice(-3)}`,
    },
    answers: [
      {
        question_group: "Shop Details",
        question: "Shop name",
        single_input: `Recovered Stores ${n}`,
        multiple_answers_input: [],
        images: [],
      },
      {
        question_group: "Shop Details",
        question: "Shop board visible?",
        single_input: "Yes",
        multiple_answers_input: [],
        images: [],
      },
      {
        question_group: "Photos",
        question: "Shop front photo",
        single_input: "",
        multiple_answers_input: [],
        images: [{ content_type: "image/png", data_base64: TINY_PNG_BASE64 }],
      },
    ],
  };
}

/** A whole dump of one field app user holding surveys of the given RSIDs. */
export function demoDump(mobile: string, rsids: readonly string[], place: DemoSurveyPlace): string {
  return JSON.stringify(
    {
      format: DUMP_FORMAT,
      version: DUMP_VERSION,
      field_app_user: { mobile },
      exported_at: `${place.surveyDate}T18:00:00Z`,
      surveys: rsids.map((rsid, i) => demoSurvey(rsid, place, i + 1)),
    },
    null,
    2,
  );
}
