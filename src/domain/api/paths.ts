/**
 * An endpoint's path with its parameters filled in, apart from the declarations (./endpoint) so a
 * call sent without Effect (src/infra/declaredRead.ts) addresses its endpoint as the HTTP module does.
 */

/** The path a call goes to: each `:name` replaced by its encoded parameter. */
export function pathWith(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}
