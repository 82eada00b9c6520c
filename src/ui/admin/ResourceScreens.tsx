/**
 * The screens of every resource route of the catalogue, made from the definitions: a route names
 * its resource and kind; the screen reads the record it is under and its own from the address.
 */
import { type ComponentType, useMemo } from "react";
import { useParams, useSearch } from "wouter";
import type { ResourceRecord } from "../../domain/admin/resource";
import {
  formOnList,
  parentLink,
  type ResourceScreen,
  resourceNamed,
  screenPlace,
} from "../../domain/admin/resourceCatalogue";
import { cities, cityMerge } from "../../domain/admin/resources/geography";
import { inSentence } from "../../domain/shared/format";
import Loading from "../shell/Loading";
import { useParentRecord } from "./adminQueries";
import { askBeforeMerging } from "./CityMergeDialog";
import ResourceFormScreen from "./ResourceFormScreen";
import ResourceListScreen from "./ResourceListScreen";
import ResourceViewScreen from "./ResourceViewScreen";
import { cityMergeActors } from "./resourceActors";

const organisationIn = (record: ResourceRecord | null): number | null =>
  typeof record?.values.organisation === "number" ? record.values.organisation : null;

function AdminScreen({ screen }: { screen: ResourceScreen }) {
  const params = useParams();
  const search = useSearch();
  const def = resourceNamed(screen.resource);
  const place = useMemo(
    () => screenPlace(screen, params, (key) => new URLSearchParams(search).get(key)),
    [screen, params, search],
  );
  const link = parentLink(def, screen.pattern);
  const parentRecord = useParentRecord(link?.resource ?? null, place.parent);
  // The parent's own parent, when the address names it too (a sub-project's project): the two must
  // belong together, and it says which organisation a sub-project's page is in.
  const grandLink = link ? parentLink(resourceNamed(link.resource), screen.pattern) : null;
  const grandRecord = useParentRecord(
    grandLink?.resource ?? null,
    grandLink ? (params[grandLink.param] ?? null) : null,
  );
  if (parentRecord.loading || grandRecord.loading) return <Loading />;
  const mismatched =
    grandLink !== null && parentRecord.record?.values[grandLink.field] !== grandRecord.record?.id;
  if (parentRecord.failed || grandRecord.failed || mismatched || !link !== !parentRecord.record)
    return (
      <div className="page">
        <p role="alert">
          This {link ? inSentence(resourceNamed(link.resource).noun) : "page"} could not be found.
        </p>
      </div>
    );
  const parent =
    link && parentRecord.record
      ? {
          field: link.field,
          id: parentRecord.record.id,
          organisation:
            link.field === "organisation"
              ? parentRecord.record.id
              : (organisationIn(parentRecord.record) ?? organisationIn(grandRecord.record)),
        }
      : null;
  // A new key per record, so moving from one record's page to another's starts afresh.
  const key = `${place.parent}/${place.address}`;
  const form =
    screen.kind === "list" ? formOnList(def, (k) => new URLSearchParams(search).get(k)) : undefined;
  if (form)
    return (
      <ResourceFormScreen
        key={`${key}/form/${form.address}`}
        def={def}
        place={{ ...place, address: form.address }}
        parent={parent}
      />
    );
  switch (screen.kind) {
    case "list":
      return <ResourceListScreen key={key} def={def} place={place} parent={parent} />;
    case "view":
      return <ResourceViewScreen key={key} def={def} place={place} />;
    default:
      return <ResourceFormScreen key={key} def={def} place={place} parent={parent} />;
  }
}

/** The component of one resource route. */
export function screenFor(screen: ResourceScreen): ComponentType {
  return function ResourceRoute() {
    return <AdminScreen screen={screen} />;
  };
}

/** Merge cities: the merge form, back to the cities list when done. */
export function CityMergeScreen() {
  return (
    <ResourceFormScreen
      def={cityMerge}
      place={{ parent: null, address: null }}
      parent={null}
      actors={cityMergeActors}
      afterSave={cities.routes.list}
      title="Merge cities"
      submitLabel="Merge"
      askFirst={askBeforeMerging}
    />
  );
}
