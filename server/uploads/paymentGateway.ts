/**
 * The payment gateway adapter for UPI payouts. A real gateway would be reached over its API; in
 * demo mode a simulated gateway answers after a short delay with a reference. Each batch carries
 * an idempotency key (the upload job), so a payment run repeated after a restart pays once.
 */
export type UpiPayment = { upiId: string; amount: string };

export type PaymentResult = { ok: true; reference: string } | { ok: false; reason: string };

export interface PaymentGateway {
  payBatch(batch: { idempotencyKey: string; payments: readonly UpiPayment[] }): Promise<PaymentResult>;
}

/** How long the simulated gateway takes, so the payment view shows Processing Payment for a moment. */
export const SIMULATED_PAYMENT_MS = 3000;

export function simulatedGateway(sleep: (ms: number) => Promise<void>): PaymentGateway {
  const paid = new Map<string, string>();
  return {
    async payBatch({ idempotencyKey }) {
      const known = paid.get(idempotencyKey);
      if (known) return { ok: true, reference: known };
      await sleep(SIMULATED_PAYMENT_MS);
      const reference = `SIM-${idempotencyKey}`;
      paid.set(idempotencyKey, reference);
      return { ok: true, reference };
    },
  };
}
