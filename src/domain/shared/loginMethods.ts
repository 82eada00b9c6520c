/**
 * The platforms and login methods a login names (spec 000 §7.4, 002 §3), apart from the auth
 * Schemas so the login page's first load does not carry Effect.
 */
export const PLATFORM_WEB = "web";
export const PLATFORM_MY_TRACK = "my_track";
/** The retailer sign-in (spec 000 §2.2 retailer entry); its name is this product's choice. */
export const PLATFORM_RETAILER = "retailer";
export const LOGIN_METHOD_PASSWORD = "password";
export const LOGIN_METHOD_PHONE_OTP = "phone_otp";
