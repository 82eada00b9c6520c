/**
 * Outlet management of a sub-project (000 §2.1 outlet-management; docs/projects.md): each kind of
 * outlet the sub-project holds, how many, and a link to its list. The lists themselves are the
 * shared outlet list narrowed to the kind (OutletObjectListScreen).
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import {
  OUTLET_OBJECT_LIST,
  OUTLET_OBJECT_TYPE_TEXT,
  OUTLET_OBJECT_TYPES,
} from "../../domain/outlets/outletManagement";
import { pathFor } from "../../domain/shared/routePatterns";
import { outletManagementQuery } from "../../infra/api/projects";
import { errorStatus, isApiError } from "../../infra/http";
import NotFound from "../errors/NotFound";
import Loading from "../shell/Loading";
import { hubPath } from "./projectPaths";
import "./projects.css";

export default function OutletManagementScreen() {
  const { projectSlug, slug } = useParams<{ projectSlug: string; slug: string }>();
  const found = useQuery(outletManagementQuery(projectSlug, slug));
  if (found.isPending) return <Loading />;
  if (found.isError && isApiError(found.error) && errorStatus(found.error) === 404) return <NotFound />;
  if (found.isError)
    return (
      <div className="page">
        <div className="form-messages form-messages-error" role="alert">
          <p>The outlet kinds could not be loaded. Check your connection and try again.</p>
          <button type="button" className="button button-secondary" onClick={() => void found.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  const { project, sub_project, counts } = found.data;
  return (
    <div className="page">
      <div className="page-heading">
        <h1>Outlet management</h1>
        <Link href={hubPath(project.slug, sub_project.slug)}>Back to {sub_project.name}</Link>
      </div>
      <p className="page-lead">
        The outlets of {sub_project.name} ({project.name}) by kind. Each list is searched, filtered and paged
        like the outlet list; a row opens its outlet, and Update Status moves the chosen outlets.
      </p>
      <ul className="outlet-kinds">
        {OUTLET_OBJECT_TYPES.map((type) => {
          const { title, about } = OUTLET_OBJECT_TYPE_TEXT[type];
          return (
            <li key={type} className="card outlet-kind">
              <h2>
                <Link href={pathFor(OUTLET_OBJECT_LIST, { projectSlug, slug, objectType: type })}>
                  {title}
                </Link>
              </h2>
              <p className="outlet-kind-count">
                {counts[type]} {type === "inactive" ? "" : "active "}
                {counts[type] === 1 ? "outlet" : "outlets"}
              </p>
              <p>{about}</p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
