/** Renders screens at their paths in a memory router, with "elsewhere" for any other address. */
import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";

export function renderRoutes(path: string, screens: Record<string, ComponentType>) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <Switch>
        {Object.entries(screens).map(([pattern, screen]) => (
          <Route key={pattern} path={pattern} component={screen} />
        ))}
        <Route>
          <p>elsewhere</p>
        </Route>
      </Switch>
    </Router>,
  );
  return location;
}
