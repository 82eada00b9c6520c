/**
 * The signed-in user's profile (000 §2.1 profile/{user_name}): who they are, their roles, their
 * password, and their live sessions with Sign out of the others.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams } from "wouter";
import { passwordChange } from "../../domain/admin/resources/access";
import { NOT_YOUR_PROFILE, PLATFORM_LABELS } from "../../domain/auth/profile";
import { endOtherSessions, mySessions } from "../../infra/api/profile";
import { runApi } from "../../infra/http";
import ResourceFormScreen from "../admin/ResourceFormScreen";
import { resourceFormActors } from "../admin/resourceActors";
import { useNotify } from "../notifications/useNotify";
import { useCurrentUser, useSignOut } from "../session/SessionGate";
import Loading from "../shell/Loading";
import { showDateTime } from "../uploads/dates";
import { LoadingButton } from "../widgets/Controls";
import { changePasswordActor } from "./changePasswordActor";

const SESSIONS_KEY = ["auth", "sessions"] as const;

function Sessions() {
  const notify = useNotify();
  const queries = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: () => runApi(mySessions()) });
  const endOthers = useMutation({
    mutationFn: () => runApi(endOtherSessions()),
    onSuccess: (answer) => {
      notify("success", answer.detail);
      void queries.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
  if (sessions.isPending) return <Loading />;
  if (sessions.isError) return <p role="alert">Your sessions could not be loaded.</p>;
  const others = sessions.data.filter((s) => !s.current).length;
  return (
    <section className="card" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Active sessions</h2>
      <ul className="plain-list">
        {sessions.data.map((s) => (
          <li key={s.id}>
            {PLATFORM_LABELS[s.platform] ?? s.platform}: signed in {showDateTime(s.created_at)}, last seen{" "}
            {showDateTime(s.last_seen_at)}
            {s.current ? " (this session)" : ""}
          </li>
        ))}
      </ul>
      <LoadingButton loading={endOthers.isPending} disabled={others === 0} onClick={() => endOthers.mutate()}>
        Sign out my other sessions
      </LoadingButton>
    </section>
  );
}

export default function ProfileScreen() {
  const user = useCurrentUser();
  const signOut = useSignOut();
  const { user_name } = useParams<{ user_name: string }>();
  if (!user) return <Loading />;
  if (user.username.toLowerCase() !== decodeURIComponent(user_name ?? "").toLowerCase())
    return (
      <div className="page">
        <p role="alert">{NOT_YOUR_PROFILE}</p>
      </div>
    );
  return (
    <div className="page profile">
      <h1>{user.name}</h1>
      <dl className="facts card">
        <div>
          <dt>User name</dt>
          <dd>{user.username}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email ?? "—"}</dd>
        </div>
        <div>
          <dt>Phone number</dt>
          <dd>{user.phone_number ?? "—"}</dd>
        </div>
        <div>
          <dt>Organisation</dt>
          <dd>{user.organisation.name}</dd>
        </div>
        <div>
          <dt>Roles</dt>
          <dd>{user.roles.join(", ") || "—"}</dd>
        </div>
      </dl>
      <Sessions />
      <ResourceFormScreen
        def={passwordChange}
        place={{ parent: null, address: null }}
        parent={null}
        actors={{ ...resourceFormActors, saveRecord: changePasswordActor }}
        title="Change password"
        submitLabel="Change password"
        embedded
        // A new password ends every session: the user signs in again with it.
        onSaved={signOut}
      />
    </div>
  );
}
