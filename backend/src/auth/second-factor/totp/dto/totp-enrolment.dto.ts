/** A new authenticator-app secret, returned only while setting the app up and never again. */
export class TotpEnrolmentDto {
  /** The shared secret in Base32, to type into the app (and for screen readers). @example "JBSWY3DPEHPK3PXP" */
  secret: string;
  /** The otpauth:// link the QR code holds. */
  otpauthUri: string;
  /** The QR code as a PNG data URL. */
  qrCode: string;
}

/** Single-use recovery codes, shown this once. */
export class RecoveryCodesDto {
  /** @example ["k7m2q-9xw4p", "a3b4c-d5e6f"] */
  recoveryCodes: string[];
}
