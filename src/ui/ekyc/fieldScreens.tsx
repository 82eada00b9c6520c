/** The route table's screens of the field auditor's own area, each in its frame. */
import { FieldArea } from "./FieldArea";
import { FieldOutletCounts } from "./FieldOutletCounts";
import { FieldOutletList } from "./FieldOutletList";
import { FieldOutletDetail, FieldSurveyListing } from "./FieldOutletPages";

export const Dashboard = () => (
  <FieldArea>
    <FieldOutletCounts />
  </FieldArea>
);
export const PendingList = () => (
  <FieldArea>
    <FieldOutletList key="pending" list="pending" />
  </FieldArea>
);
export const RejectedList = () => (
  <FieldArea>
    <FieldOutletList key="rejected" list="rejected" />
  </FieldArea>
);
export const CompletedList = () => (
  <FieldArea>
    <FieldOutletList key="completed" list="completed" />
  </FieldArea>
);
export const OutletDetail = () => (
  <FieldArea>
    <FieldOutletDetail />
  </FieldArea>
);
export const SurveyListing = () => (
  <FieldArea>
    <FieldSurveyListing />
  </FieldArea>
);
