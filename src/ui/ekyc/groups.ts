/** The two sign-in groups that run the code sign-in: their platform and the paths of their screens. */
import type { EKycPlatform } from "../../machines/eKycLogin";

export type SignInGroup = {
  platform: EKycPlatform;
  title: string;
  loginPath: string;
  otpPath: string;
  signedInPath: string;
};

export const EMYTRACK_GROUP: SignInGroup = {
  platform: "my_track",
  title: "eMyTrack",
  loginPath: "/eMyTrack/login",
  otpPath: "/eMyTrack/verify-otp",
  signedInPath: "/eMyTrack/dashboard",
};

export const RETAILER_GROUP: SignInGroup = {
  platform: "retailer",
  title: "Retailer sign-in",
  loginPath: "/retailers/login",
  otpPath: "/retailers/otp",
  signedInPath: "/retailers/success",
};
