/**
 * The e-mails the outbox sends, in the content's words: one to the company
 * per contact message (reply-to the visitor), in the default language, which
 * the team reads, naming the language the visitor wrote in; and the
 * confirmation to a subscriber address, in the subscriber's language, with
 * its confirm and one-click unsubscribe links.
 */
import type { SendMailOptions } from "nodemailer"
import { formatEstimate, type Estimate } from "../lib/forms/estimate-payload"
import { FORMS, LANGUAGE } from "../lib/forms/fields"
import { DEFAULT_LANGUAGE } from "../lib/languages"
import { copy, DEFAULT_WORDS, estimateCopy, fieldLabel, fill, storedLanguage, wordsIn } from "./copy"
import type { FormsConfig } from "./environment"
import { estimateInWords } from "./estimate-figures"
import { unsubscribeToken, type LeadOrigin, type StoredSubmission, type Subscriber } from "./store"

/** The contact e-mail's line on where the lead came from, in the content's words */
function sourceLine(source: LeadOrigin | undefined): string {
  if (!source || (source.cta === "direct" && !source.page)) return copy.mail.sourceUnknown
  const cta = copy.leadSources.find((entry) => entry.id === source.cta)?.label ?? source.cta
  return fill(copy.mail.sourceLine, { page: source.page ?? "—", cta })
}

/**
 * The contact e-mail's section on the estimate the visitor attached: its
 * lines as the form wrote them into the message, and the estimate page with
 * the same inputs, absolute so it opens from a mail client. An estimate made
 * on another language's page (stored in that language's words, as the
 * visitor saw it) is told in the team's language: the same inputs and
 * figures, the default language's words and page.
 */
function estimateSection(estimate: Estimate, siteUrl: string): string {
  const shown = estimateInWords(estimate, DEFAULT_WORDS.estimate, DEFAULT_WORDS.estimate)
  return [copy.mail.estimateTitle, ...formatEstimate(shown, estimateCopy), fill(copy.mail.estimateLink, { link: `${siteUrl}${shown.link}` })].join("\n")
}

/** The contact e-mail's line on the language the visitor wrote in; none for the default language, as before languages */
function languageLine(code: string | undefined): string {
  const { language } = wordsIn(code)
  return language === DEFAULT_LANGUAGE ? "" : `${fill(copy.mail.languageLine, { language: language.name, tag: language.tag })}\n`
}

/** The e-mail to the company for one contact message: every field, the estimate if any, where the lead came from */
export function contactMail(config: FormsConfig, submission: StoredSubmission): SendMailOptions {
  const { id, values } = submission
  const lines = Object.keys(FORMS.contact).map((field) => `${fieldLabel("contact", field)}:\n${values[field] || "—"}\n`)
  const estimate = submission.estimate ? `${estimateSection(submission.estimate, config.siteUrl)}\n\n` : ""
  return {
    from: config.mailFrom,
    to: config.mailTo,
    replyTo: { name: values.username ?? "", address: values.email ?? "" },
    subject: fill(copy.mail.contactSubject, { subject: values.subject ?? "" }),
    text: `${fill(copy.mail.contactIntro, { site: config.siteName })}\n\n${lines.join("\n")}\n${estimate}${languageLine(submission.language)}${sourceLine(submission.source)}\nReceived ${submission.receivedAt}, id ${id}\n`,
    headers: { "X-Submission-Id": id },
  }
}

/** The confirmation e-mail to the subscriber address whose record is named key */
export function confirmationMail(config: FormsConfig, key: string, subscriber: Subscriber): SendMailOptions {
  const words = wordsIn(subscriber.language)
  // the links name the language too, for the page of a link that no longer works (the record's language is used otherwise)
  const language = storedLanguage(words).language
  const hint = language ? `&${LANGUAGE}=${encodeURIComponent(language)}` : ""
  const link = `${config.siteUrl}/api/subscribe-confirm?token=${encodeURIComponent(`${key}.${subscriber.secret}`)}${hint}`
  const unsubscribe = `${config.siteUrl}/api/unsubscribe?token=${encodeURIComponent(unsubscribeToken(key, subscriber.secret))}${hint}`
  return {
    from: config.mailFrom,
    to: subscriber.email,
    subject: fill(words.forms.mail.confirmSubject, { site: config.siteName }),
    text: `${fill(words.forms.mail.confirmText, { site: config.siteName, link, unsubscribe })}\n`,
    // RFC 8058 one-click unsubscribe, which Gmail and Yahoo ask of bulk senders
    list: { unsubscribe },
    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  }
}
