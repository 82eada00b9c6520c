/**
 * A retail audit cycle's images (000 §2.1 retail-audit-report/images, and the client's
 * client-image-reports/{id}, where the id is the cycle's): every survey image of the cycle's
 * outlets by RSID and question, searched by RSID or name and paged in the address, each leading to
 * its outlet's report. A cycle the caller may not see is Page not found.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import { outletReportPath, retailAuditPath } from "../../domain/reports/reports";
import { decodeRowId } from "../../domain/shared/requestInput";
import { reportCyclesQuery, retailAuditImagesQuery } from "../../infra/api/reports";
import NotFound from "../errors/NotFound";
import { isNotFound, LoadFailed } from "../shell/Loaded";
import Loading from "../shell/Loading";
import { useAddressQuery } from "./address";
import { Pager, ReportFilters } from "./parts";
import "./reports.css";

const IMAGES_PAGE_SIZE = 24;

function CycleImages({ cycle, title }: { cycle: string; title: string }) {
  const address = useAddressQuery();
  const search = address.get("search");
  const images = useQuery({
    ...retailAuditImagesQuery(search ? { cycle, search } : { cycle }, {
      page: address.page,
      pageSize: IMAGES_PAGE_SIZE,
    }),
    placeholderData: (previous) => previous,
  });
  if (images.isPending) return <Loading />;
  if (images.isError) {
    if (isNotFound(images.error)) return <NotFound />;
    return <LoadFailed what="The images" retry={() => void images.refetch()} />;
  }
  const { cycle: c, results, count } = images.data;
  return (
    <div className="page">
      <h1>
        {title}: {c.name}
      </h1>
      <p className="report-muted">
        {c.project_name} · {count} {count === 1 ? "image" : "images"} ·{" "}
        <Link href={retailAuditPath(c.slug)}>Retail audit report</Link>
      </p>
      <ReportFilters filters={[]} label="Search images" />
      {results.length === 0 ? (
        <p className="notice">No image has been added for these outlets yet.</p>
      ) : (
        <ul className="report-images" aria-label="Images">
          {results.map((i) => (
            <li key={i.id}>
              <figure>
                <a href={i.image} target="_blank" rel="noreferrer">
                  <img src={i.image} alt={`${i.question} at ${i.outlet_name} (${i.rsid})`} loading="lazy" />
                </a>
                <figcaption>
                  <Link href={outletReportPath(i.outlet_id)}>{i.rsid}</Link> · {i.question}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={address.page}
        count={count}
        pageSize={IMAGES_PAGE_SIZE}
        hrefOf={(p) => address.hrefWith({ page: String(p) })}
        label="Image pages"
      />
    </div>
  );
}

/** /dashboard/retail-audit-report/images?cycle={slug} */
export default function RetailAuditImagesScreen() {
  const cycle = useAddressQuery().get("cycle");
  if (cycle === undefined) return <NotFound />;
  return <CycleImages cycle={cycle} title="Retail audit images" />;
}

/** /dashboard/client-image-reports/{id}: the cycle named by its id, among those the caller sees. */
export function ClientImageReportScreen() {
  const { id = "" } = useParams<{ id?: string }>();
  const cycleId = decodeRowId(id);
  const cycles = useQuery(reportCyclesQuery());
  if (cycleId === null) return <NotFound />;
  if (cycles.isPending) return <Loading />;
  if (cycles.isError) return <LoadFailed what="The cycles" retry={() => void cycles.refetch()} />;
  const cycle = cycles.data.results.find((c) => c.id === cycleId);
  if (!cycle) return <NotFound />;
  return <CycleImages cycle={cycle.slug} title="Client image report" />;
}
