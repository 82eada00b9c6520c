/**
 * One record of a resource, read-only: its fields, when and by whom it last changed, and Edit. An
 * organisation's view is its hub: links to everything it holds.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { cellText, mayWrite, type ResourceDefinition, titleOf } from "../../domain/admin/resource";
import { RESOURCES, type ScreenPlace, screenPath } from "../../domain/admin/resourceCatalogue";
import { inSentence } from "../../domain/shared/format";
import { readResource } from "../../infra/api/resources";
import { runApi } from "../../infra/http";
import { useCurrentUser } from "../session/SessionGate";
import Loading from "../shell/Loading";
import { showDateTime } from "../uploads/dates";

/** What an organisation's hub links to: each resource listed under it, and its uploads. */
function OrganisationHub({ slug }: { slug: string }) {
  const place = { parent: slug, address: null };
  const lists = RESOURCES.filter((def) => def.name !== "organisations").flatMap((def) => {
    const path = screenPath(def, "list", place);
    return path?.includes(`/organization-view/${slug}/`) ? [{ label: def.plural, path }] : [];
  });
  const base = `/dashboard/organization-users-roles/organization-view/${slug}`;
  const uploads = [
    { label: "Region bulk upload", path: `${base}/list-of-regions/bulk-upload` },
    { label: "Zone bulk upload", path: `${base}/list-of-zones/bulk-upload` },
    { label: "Territory bulk upload", path: `${base}/list-of-territories/bulk-upload` },
    { label: "User bulk upload", path: `${base}/user-list/bulk-upload` },
    { label: "User bulk update", path: `${base}/user-list/bulk-update` },
  ];
  return (
    <nav aria-label="Organisation" className="hub">
      <ul className="hub-links">
        {[...lists, ...uploads].map((l) => (
          <li key={l.path}>
            <Link href={l.path}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function ResourceViewScreen({ def, place }: { def: ResourceDefinition; place: ScreenPlace }) {
  const user = useCurrentUser();
  const record = useQuery({
    queryKey: ["admin", def.name, "record", place.address],
    queryFn: () => runApi(readResource(def.name, place.address!)),
  });
  if (record.isPending) return <Loading />;
  if (record.isError || !record.data)
    return (
      <div className="page">
        <p role="alert">This {inSentence(def.noun)} could not be loaded.</p>
      </div>
    );
  const data = record.data;
  const editPath = screenPath(def, "update", place);
  return (
    <div className="page">
      <div className="page-heading">
        <h1>
          {def.noun}: {titleOf(def, data.values)}
        </h1>
        {editPath && mayWrite(def, user?.permissions ?? []) && (
          <Link className="button" href={editPath}>
            Edit
          </Link>
        )}
      </div>
      <dl className="facts card">
        {Object.entries(def.fields)
          .filter(([, f]) => f.widget !== "secret")
          .map(([key, field]) => (
            <div key={key}>
              <dt>{field.label}</dt>
              <dd>{cellText(def, data, key) || "—"}</dd>
            </div>
          ))}
        <div>
          <dt>Last changed</dt>
          <dd>
            {data.modified_at ? `${showDateTime(data.modified_at)} by ${data.modified_by ?? "—"}` : "—"}
          </dd>
        </div>
      </dl>
      {def.name === "organisations" && <OrganisationHub slug={data.address} />}
    </div>
  );
}
