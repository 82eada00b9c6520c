import type { RandomBytes } from "./auth/passwords";
import type { UserRow } from "./auth/users";
import type { Db } from "./db/db";
import type { MessageProvider } from "./messaging/provider";
import type { KycProvider } from "./verification/providers";

export type AppMode = "demo" | "production";

export type Logger = (entry: Record<string, unknown>) => void;

export type SsoConfig = { microsoftUrl?: string; googleUrl?: string };

/** Everything the app needs from outside, so tests can inject a clock, a quiet logger and no delays. */
export type AppDeps = {
  db: Db;
  mode: AppMode;
  clock: () => number;
  /** Secret randomness for tokens, codes and salts (node:crypto in the server). */
  randomBytes: RandomBytes;
  sleep: (ms: number) => Promise<void>;
  logger: Logger;
  sso: SsoConfig;
  /** Folder of the built client; absent when only the API is served. */
  clientDir?: string;
  /** The origin links sent outside the app are written with (PUBLIC_URL), server/http/publicAddress.ts. */
  publicUrl?: string;
  /** Request origins trusted for such links when no public address is set (ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** The KYC provider (PAN, GST, bank account, UPI); without one, demo mode uses the simulator. */
  kycProvider?: KycProvider;
  /** The WhatsApp provider; without one, demo mode uses the simulator and production sends nothing. */
  messageProvider?: MessageProvider;
};

export type AuthState = { user: UserRow; sessionId: number | null };

export type AppEnv = { Variables: { auth: AuthState | null; sessionExpired: boolean; requestId: string } };
