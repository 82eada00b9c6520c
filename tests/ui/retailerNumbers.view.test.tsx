/**
 * The retailer's number screens over the eKycLogin machine: /retailers/login opens the saved
 * numbers when the device has any, else the number field; a chosen number is what login step 1
 * sends; a sign-in keeps the number; Forget saved numbers clears them.
 */
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise } from "xstate";
import type { OtpSendOutcome, OtpStepOutcome, OtpVerifyOutcome } from "../../src/domain/auth/otpLogin";
import { rememberedMobiles, rememberMobile } from "../../src/infra/rememberedMobiles";
import { applicationMachine, type NavigationEvent } from "../../src/machines/application";
import { createEKycFlows } from "../../src/ui/ekyc/eKycFlows";
import { startGroupFlow } from "../../src/ui/ekyc/eKycLoginActor";
import { RETAILER_GROUP, RETAILER_NUMBER_PATHS } from "../../src/ui/ekyc/groups";
import {
  RetailerChooseMobile,
  RetailerEnterMobile,
  RetailerLogin,
  RetailerOtp,
} from "../../src/ui/ekyc/screens";
import { type AppServices, ServicesProvider } from "../../src/ui/services";
import { renderRoutes } from "./renderRoutes";

let sentTo: { login_username: string; platform: string }[];

let services: AppServices;
/** Where the application's navigation leads: the memory router of the rendered routes. */
let go: (event: NavigationEvent) => void = () => {};
const withServices = (children: ReactNode) => (
  <ServicesProvider services={services}>{children}</ServicesProvider>
);

beforeEach(() => {
  localStorage.clear();
  sentTo = [];
  const application = createActor(
    applicationMachine.provide({
      actors: { navigation: fromCallback<NavigationEvent>(({ receive }) => receive((e) => go(e))) },
    }),
  ).start();
  services = { application, eKyc: createEKycFlows() } as unknown as AppServices;
  // The group's flow, with the server faked: step 1 and the send succeed, any code signs in.
  services.eKyc.actor("retailer", () =>
    startGroupFlow(RETAILER_GROUP, application, {
      loginStep: fromPromise(async ({ input }) => {
        sentTo.push(input);
        const outcome: OtpStepOutcome = { type: "ok", phoneNumber: "+91 ******0003" };
        return outcome;
      }),
      sendOtp: fromPromise(async (): Promise<OtpSendOutcome> => ({ type: "sent" })),
      verifyOtp: fromPromise(
        async (): Promise<OtpVerifyOutcome> => ({
          type: "signedIn",
          sessionid: "s",
          username: "retailer.9100000003",
        }),
      ),
    }),
  );
});
afterEach(() => {
  cleanup();
  services.application.stop();
});

const renderAt = (path: string) => {
  const location = renderRoutes(
    path,
    {
      [RETAILER_GROUP.loginPath]: RetailerLogin,
      [RETAILER_NUMBER_PATHS.choose]: RetailerChooseMobile,
      [RETAILER_NUMBER_PATHS.enter]: RetailerEnterMobile,
      [RETAILER_GROUP.otpPath]: RetailerOtp,
    },
    withServices,
  );
  go = (e) => location.navigate(e.to, { replace: e.replace });
  return location;
};

describe("the retailer's number screens", () => {
  it("open the number field when the device keeps no number; a sign-in keeps it", async () => {
    const location = renderAt(RETAILER_GROUP.loginPath);
    await waitFor(() => expect(location.history.at(-1)).toBe(RETAILER_NUMBER_PATHS.enter));
    expect(screen.queryByRole("link", { name: "Choose a saved number" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Mobile number"), { target: { value: "9100000003" } });
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(location.history.at(-1)).toBe(RETAILER_GROUP.otpPath));
    expect(screen.getByRole("heading", { name: "OTP Send to Mobile Number" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("OTP"), { target: { value: "123456" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify OTP" })));
    await waitFor(() => expect(location.history.at(-1)).toBe(RETAILER_GROUP.signedInPath));
    expect(rememberedMobiles()).toEqual(["9100000003"]);
  });

  it("offer the saved numbers, masked; the chosen one is what login step 1 sends", async () => {
    rememberMobile("9100000001");
    rememberMobile("9100000003");
    const location = renderAt(RETAILER_GROUP.loginPath);
    await waitFor(() => expect(location.history.at(-1)).toBe(RETAILER_NUMBER_PATHS.choose));
    const choices = screen.getAllByRole("radio").map((r) => r.parentElement?.textContent);
    expect(choices).toEqual(["+91 ******0003", "+91 ******0001"]);
    fireEvent.click(screen.getByLabelText("+91 ******0001"));
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(location.history.at(-1)).toBe(RETAILER_GROUP.otpPath));
    expect(sentTo).toEqual([{ login_username: "+919100000001", platform: "retailer" }]);
  });

  it("let the retailer type another number or forget the saved ones", async () => {
    rememberMobile("9100000001");
    const location = renderAt(RETAILER_NUMBER_PATHS.choose);
    fireEvent.click(screen.getByRole("link", { name: "Use another mobile number" }));
    await waitFor(() => expect(location.history.at(-1)).toBe(RETAILER_NUMBER_PATHS.enter));
    fireEvent.click(screen.getByRole("link", { name: "Choose a saved number" }));
    await waitFor(() => expect(location.history.at(-1)).toBe(RETAILER_NUMBER_PATHS.choose));
    fireEvent.click(screen.getByRole("button", { name: "Forget saved numbers" }));
    await waitFor(() => expect(location.history.at(-1)).toBe(RETAILER_NUMBER_PATHS.enter));
    expect(rememberedMobiles()).toEqual([]);
    expect(screen.getByLabelText("Mobile number")).toBeTruthy();
  });
});
