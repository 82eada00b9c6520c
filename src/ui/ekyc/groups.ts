/** The two sign-in groups that run the code sign-in: their platform and the paths of their screens. */
import type { EKycPlatform } from "../../machines/ekyc/eKycLogin";

export type SignInGroup = {
  platform: EKycPlatform;
  title: string;
  loginPath: string;
  otpPath: string;
  signedInPath: string;
  /** Retailers: the device keeps the numbers signed in with, to choose from next time. */
  remembersNumbers: boolean;
};

export const EMYTRACK_GROUP: SignInGroup = {
  platform: "my_track",
  title: "eMyTrack",
  loginPath: "/eMyTrack/login",
  otpPath: "/eMyTrack/verify-otp",
  signedInPath: "/eMyTrack/dashboard",
  remembersNumbers: false,
};

export const RETAILER_GROUP: SignInGroup = {
  platform: "retailer",
  title: "Retailer sign-in",
  loginPath: "/retailers/login",
  otpPath: "/retailers/otp",
  signedInPath: "/retailers/success",
  remembersNumbers: true,
};

/** The retailer's two ways to give the number: one this device remembers, or typed in. */
export const RETAILER_NUMBER_PATHS = {
  choose: "/retailers/choose-mobile-number",
  enter: "/retailers/enter-mobile-number",
} as const;
