/** The signed-in user's profile (000 §2.1 profile/{user_name}): their sessions, and what is said. */
import { Schema } from "effect";
import { SessionId } from "../api/ids";

export const UserSession = Schema.Struct({
  id: SessionId,
  platform: Schema.String,
  created_at: Schema.String,
  last_seen_at: Schema.String,
  /** The session this request came with. */
  current: Schema.Boolean,
});
export type UserSession = typeof UserSession.Type;
export const UserSessions = Schema.Array(UserSession);

export const OTHER_SESSIONS_ENDED = "Your other sessions were signed out.";
export const NOT_YOUR_PROFILE = "You can see only your own profile.";

/** Where a session was opened, as people say it. */
export const PLATFORM_LABELS: Readonly<Record<string, string>> = {
  web: "Web browser",
  my_track: "eMyTrack app",
  retailer: "Retailer app",
};

/** The profile page of a user. */
export const profilePath = (username: string): string => `/dashboard/profile/${encodeURIComponent(username)}`;
