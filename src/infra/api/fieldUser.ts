/** The field auditor's own calls, decoded with the domain's Schema. */
import { FieldOutletSummary } from "../../domain/fieldUser";
import { request } from "../http";

export const fieldOutletSummary = () =>
  request({ path: "my-track/outlets/summary/", schema: FieldOutletSummary });
