/** Shown while a screen's code or data loads. */
export default function Loading() {
  return (
    <p className="loading" role="status">
      Loading…
    </p>
  );
}
