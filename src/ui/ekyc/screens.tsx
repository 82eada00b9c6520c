/** The route table's screens of the two code sign-in groups. */
import { EKycLoginScreen, EKycOtpScreen } from "./EKycScreens";
import { EMYTRACK_GROUP, RETAILER_GROUP } from "./groups";
import { SignedInPage } from "./SignedInPage";

export const EMyTrackLogin = () => <EKycLoginScreen group={EMYTRACK_GROUP} />;
export const EMyTrackVerifyOtp = () => <EKycOtpScreen group={EMYTRACK_GROUP} />;
export const RetailerLogin = () => <EKycLoginScreen group={RETAILER_GROUP} />;
export const RetailerOtp = () => <EKycOtpScreen group={RETAILER_GROUP} />;
export const RetailerSignedIn = () => <SignedInPage group={RETAILER_GROUP} />;
