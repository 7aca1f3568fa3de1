/**
 * The outcomes the form service redirects to. Each needs its page in
 * content/forms/forms.en.json "pages" (id, path, title, text, link), which the
 * content validation checks (src/content/validate-content.ts). No imports: the
 * validation and the browser bundle read this too.
 */
export const NOTICE_IDS = ["contact-sent", "subscribe-pending", "subscribe-confirmed", "unsubscribed"] as const
export type NoticeId = (typeof NOTICE_IDS)[number]
