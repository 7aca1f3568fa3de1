/** The contact form's anchor on /contact, shared by every link that leads to the form. */
export const CONTACT_FORM_ID = "contact"

/**
 * The calls to action that lead to the contact form, named in its address
 * (?from=…) so a message records where the lead came from: first-party, in
 * the link itself, no cookie. Their words are in content/forms/forms.en.json
 * "leadSources".
 */
export const LEAD_SOURCES = ["product", "get-a-quote", "menu", "estimate"] as const
export type LeadSource = (typeof LEAD_SOURCES)[number]
export const LEAD_SOURCE_PARAM = "from"

/** A link to the contact form with its subject filled in ("Quote request", a machine's name), from a call to action. */
export function contactFormHref(subject: string, from: LeadSource): string {
  return `/contact?${new URLSearchParams({ subject, [LEAD_SOURCE_PARAM]: from }).toString()}#${CONTACT_FORM_ID}`
}

/** The menu's Get In Touch link (its target from content), marked as that call to action. */
export function fromMenu(to: string): string {
  if (isExternal(to) || !to.startsWith("/contact")) return to
  const [path, hash] = to.split("#", 2) as [string, string | undefined]
  return `${path}${path.includes("?") ? "&" : "?"}${LEAD_SOURCE_PARAM}=menu${hash ? `#${hash}` : ""}`
}

/** True for links that leave the site (social profiles), which take a plain <a>. */
export function isExternal(to: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(to)
}

/**
 * The privacy notice's route, linked beside both forms. The browser's code
 * cannot list src/pages as src/content/routes.ts does; a unit test
 * (routes.test.ts) checks that this is the route of src/pages/privacy.tsx.
 */
export const PRIVACY_PATH = "/privacy"
