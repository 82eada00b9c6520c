/**
 * /eMyTrack/dashboard: the field auditor's landing page. A chunk of its own, so React Query loads
 * here and not with the sign-in screens.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "../queryClient";
import { FieldOutletCounts } from "./FieldOutletCounts";
import { EMYTRACK_GROUP } from "./groups";
import { SignedInPage } from "./SignedInPage";

export default function EMyTrackDashboard() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInPage group={EMYTRACK_GROUP}>
        <FieldOutletCounts />
      </SignedInPage>
    </QueryClientProvider>
  );
}
