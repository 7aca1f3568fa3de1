/**
 * What the store keeps instead of an address: a hash to name a subscriber's
 * record, an HMAC for the unsubscribe link, and the one form of an address
 * that every comparison uses.
 */
import { createHash, createHmac } from "crypto"

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")

/**
 * The token of a subscriber's unsubscribe link: its key and an HMAC of the
 * word "unsubscribe" under the subscriber's secret, so it cannot be guessed,
 * changes when a new subscription gets a new secret, and cannot confirm
 * anything (the confirmation link carries the secret itself).
 */
export const unsubscribeToken = (key: string, secret: string) => `${key}.${createHmac("sha256", secret).update("unsubscribe").digest("base64url")}`

/**
 * One address, however it was typed: trimmed, in Unicode NFC (so an accented
 * letter typed as one code point or as letter plus accent is the same; the
 * Kelvin sign K is canonically K), then lower-cased without regard to any
 * locale (ANA@ is ana@; the Turkish İ lower-cases to i with a dot above and
 * stays apart from i). Every comparison of addresses uses it.
 */
export const normalAddress = (email: string) => email.trim().normalize("NFC").toLowerCase()

/** The key a subscriber's record is named by: a hash, so the address never appears in a key or path. */
export const subscriberKey = (email: string) => sha256(normalAddress(email))
