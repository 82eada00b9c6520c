/** What a user outside the field tools' rule sees on their pages (the server refuses them too). */
export default function NoAccess() {
  return (
    <div className="page">
      <h1>Field tools</h1>
      <p role="alert">
        The field tools are for field coordinators, field managers and project managers of Retail Scan.
      </p>
    </div>
  );
}
