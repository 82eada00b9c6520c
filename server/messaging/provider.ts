/**
 * The WhatsApp provider adapter (docs/messaging.md): sends one templated message and reports where
 * a sent one has got to. A real provider's adapter is given to the app (`messageProvider`); without
 * one, demo mode uses the simulator and production sends nothing (a Bulk WhatsApp Message upload
 * cannot be confirmed: 503).
 */
/** The provider took the message (its reference follows it) or refused it with a reason. */
export type SendAnswer = { ok: true; reference: string } | { ok: false; error: string };
export type DeliveryReport = { status: "sent" | "delivered" | "read" } | { status: "failed"; error: string };

export interface MessageProvider {
  /** The name recorded in the logs (a vendor's, or "simulator"). */
  readonly name: string;
  send(message: { phone_number: string; template_name: string; message: string }): Promise<SendAnswer>;
  status(reference: string): Promise<DeliveryReport>;
}

/** How long after a status change the sender asks the provider again. */
export const STATUS_CHECK_MS = 2000;

/** Numbers with a fixed outcome in the simulator (docs/demo-data.md). */
export const SIMULATED_MESSAGES = {
  /** Refused at sending: the number has no WhatsApp account. */
  notOnWhatsApp: { endsWith: "0", error: "The number is not on WhatsApp." },
} as const;

/**
 * The demo provider, deterministic: a number ending in 0 is refused; any other is delivered one
 * check after sending, and read one check later when its last digit is odd. Time comes from the
 * app's clock, so tests step it.
 */
export function simulatedMessageProvider(clock: () => number): MessageProvider {
  return {
    name: "simulator",
    async send(m) {
      const digits = m.phone_number.replace(/\D/g, "");
      if (digits.endsWith(SIMULATED_MESSAGES.notOnWhatsApp.endsWith))
        return { ok: false, error: SIMULATED_MESSAGES.notOnWhatsApp.error };
      return { ok: true, reference: `SIM-WA-${digits}-${clock()}` };
    },
    async status(reference) {
      const [, , digits = "", sentAt = "0"] = reference.split("-");
      const checks = Math.floor((clock() - Number(sentAt)) / STATUS_CHECK_MS);
      if (checks >= 2 && Number(digits.slice(-1)) % 2 === 1) return { status: "read" };
      return checks >= 1 ? { status: "delivered" } : { status: "sent" };
    },
  };
}
