/** The route table's screens of the two code sign-in groups. */
import { ChooseMobileScreen, EKycLoginScreen, EKycOtpScreen, RetailerEntry } from "./EKycScreens";
import { EMYTRACK_GROUP, RETAILER_GROUP } from "./groups";
import { SignedInPage } from "./SignedInPage";

export const EMyTrackLogin = () => <EKycLoginScreen group={EMYTRACK_GROUP} />;
export const EMyTrackVerifyOtp = () => <EKycOtpScreen group={EMYTRACK_GROUP} />;
export const RetailerLogin = RetailerEntry;
export const RetailerChooseMobile = () => <ChooseMobileScreen group={RETAILER_GROUP} />;
export const RetailerEnterMobile = () => <EKycLoginScreen group={RETAILER_GROUP} />;
export const RetailerOtp = () => <EKycOtpScreen group={RETAILER_GROUP} />;
export const RetailerSignedIn = () => <SignedInPage group={RETAILER_GROUP} />;
