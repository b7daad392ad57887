/** A hash as the console wrote it before Argon2id: scrypt N=2^15, r=8, p=1 of "correct horse battery". */
export const LEGACY_SCRYPT_HASH =
  "scrypt$32768$8$1$KBliwtrg0UeMmibSTEUBwg$_5yzqcervW0pm0kZlGBxoSmyE-kRdGMc5eMB1mRokuc";
export const LEGACY_PASSWORD = "correct horse battery";
