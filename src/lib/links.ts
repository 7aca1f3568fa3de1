/** The contact form's anchor on /contact, shared by every link that leads to the form. */
export const CONTACT_FORM_ID = "contact"

/** A link to the contact form with its subject filled in ("Quote request", a machine's name). */
export function contactFormHref(subject: string): string {
  return `/contact?${new URLSearchParams({ subject }).toString()}#${CONTACT_FORM_ID}`
}

/** True for links that leave the site (social profiles), which take a plain <a>. */
export function isExternal(to: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(to)
}

/** The privacy notice's route (src/pages/privacy.tsx), linked beside both forms */
export const PRIVACY_PATH = "/privacy"
