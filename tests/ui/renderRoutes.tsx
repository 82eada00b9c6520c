/** Renders screens at their paths in a memory router, with "elsewhere" for any other address. */
import { render } from "@testing-library/react";
import type { ComponentType, ReactNode } from "react";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";

/** `wrap` puts what the screens need around them (the application's services). */
export function renderRoutes(
  path: string,
  screens: Record<string, ComponentType>,
  wrap: (routes: ReactNode) => ReactNode = (routes) => routes,
) {
  const location = memoryLocation({ path, record: true });
  render(
    wrap(
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
    ),
  );
  return location;
}
