/** The route table's screens of the field auditor's own area, each in its frame. */
import type { ReactNode } from "react";
import { AddNewScreen, OutletAddScreen } from "./CaptureScreens";
import { FieldArea } from "./FieldArea";
import { FieldOutletCounts } from "./FieldOutletCounts";
import { FieldOutletList } from "./FieldOutletList";
import { FieldOutletDetail, FieldSurveyListing } from "./FieldOutletPages";
import { RsaDetailScreen, RsaFormScreen } from "./RsaScreens";

const inArea = (content: ReactNode) => () => <FieldArea>{content}</FieldArea>;

export const Dashboard = inArea(<FieldOutletCounts />);
// Keyed by list, so moving between lists starts each with its own page and search.
export const PendingList = inArea(<FieldOutletList key="pending" list="pending" />);
export const RejectedList = inArea(<FieldOutletList key="rejected" list="rejected" />);
export const CompletedList = inArea(<FieldOutletList key="completed" list="completed" />);
export const OutletDetail = inArea(<FieldOutletDetail />);
export const SurveyListing = inArea(<FieldSurveyListing />);
export const OutletAdd = inArea(<OutletAddScreen />);
export const AddNew = inArea(<AddNewScreen />);
export const RsaForm = inArea(<RsaFormScreen />);
export const RsaDetail = inArea(<RsaDetailScreen />);
