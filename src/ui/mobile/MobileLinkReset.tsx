/**
 * The staff's view of a retailer's link on the pp outlet details page (docs/retailer-portal.md):
 * when the link was bound to a phone, and, for staff who may reset it, "Reset mobile link" after a
 * confirmation, so the retailer's new phone can open it.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { MOBILE_LINK_MSG } from "../../domain/mobile/mobileLinks";
import { formatDate, formatTime12 } from "../../domain/shared/format";
import { mobileLinkStatusQuery, resetMobileLink } from "../../infra/api/mobileLinks";
import { runApi } from "../../infra/http";
import { useNotify } from "../notifications/useNotify";
import { QuestionDialog } from "../widgets/QuestionDialog";

/** The binding's moment in the reader's own time zone. */
function boundOn(iso: string): string {
  const d = new Date(iso);
  return `${formatDate(d.getFullYear(), d.getMonth() + 1, d.getDate())}, ${formatTime12(d.getHours(), d.getMinutes())}`;
}

export function MobileLinkPanel({ rsid }: { rsid: string }) {
  const notify = useNotify();
  const status = useQuery(mobileLinkStatusQuery(rsid));
  const queries = useQueryClient();
  const [asking, setAsking] = useState(false);
  const reset = useMutation({
    mutationFn: (boundAt: string) => runApi(resetMobileLink(rsid, boundAt)),
    onSuccess: (answer) => notify("success", answer.detail),
    // A refusal's detail is already shown by the HTTP layer; the state is read again either way.
    onSettled: () => queries.invalidateQueries({ queryKey: mobileLinkStatusQuery(rsid).queryKey }),
  });
  const boundAt = status.data?.bound_at ?? null;
  const mayReset = status.data?.may_reset === true;
  return (
    <section className="mobile-card" aria-labelledby="mobile-link-title">
      <h2 id="mobile-link-title" className="mobile-report">
        {MOBILE_LINK_MSG.title}
      </h2>
      {status.isError ? (
        <p role="alert">{MOBILE_LINK_MSG.statusFailed}</p>
      ) : status.data ? (
        <p className="mobile-link-state">
          {boundAt ? `Bound to a phone on ${boundOn(boundAt)}.` : MOBILE_LINK_MSG.notBound}
        </p>
      ) : null}
      {mayReset && boundAt ? (
        <button
          type="button"
          className="button button-secondary"
          disabled={reset.isPending}
          onClick={() => setAsking(true)}
        >
          {MOBILE_LINK_MSG.reset}
        </button>
      ) : null}
      {asking && boundAt ? (
        <QuestionDialog
          title={MOBILE_LINK_MSG.confirmTitle}
          message={MOBILE_LINK_MSG.confirm}
          confirmLabel={MOBILE_LINK_MSG.reset}
          dismissLabel={MOBILE_LINK_MSG.keep}
          onAnswer={(yes) => {
            setAsking(false);
            if (yes) reset.mutate(boundAt);
          }}
        />
      ) : null}
    </section>
  );
}
