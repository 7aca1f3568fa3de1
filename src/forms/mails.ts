/**
 * The e-mails the outbox sends, in the content's words: one to the company
 * per contact message (reply-to the visitor), in the language the team reads
 * (content/forms: teamLanguage, one place), naming the language the visitor
 * wrote in when it is another; and the confirmation to a subscriber address,
 * in the subscriber's language, with its confirm and one-click unsubscribe
 * links.
 */
import type { SendMailOptions } from "nodemailer"
import { formatEstimate, type Estimate } from "../lib/forms/estimate-payload"
import { FORMS, LANGUAGE } from "../lib/forms/fields"
import { fieldLabel, fill, storedLanguage, teamWords, wordsIn, type Words } from "./copy"
import type { FormsConfig } from "./environment"
import { estimateInWords } from "./estimate-figures"
import { unsubscribeToken, type LeadOrigin, type StoredSubmission, type Subscriber } from "./store"

/** The contact e-mail's line on where the lead came from, in the team's words */
function sourceLine(team: Words, source: LeadOrigin | undefined): string {
  const { mail, leadSources } = team.forms
  if (!source || (source.cta === "direct" && !source.page)) return mail.sourceUnknown
  const cta = leadSources.find((entry) => entry.id === source.cta)?.label ?? source.cta
  return fill(mail.sourceLine, { page: source.page ?? "—", cta })
}

/**
 * The contact e-mail's section on the estimate the visitor attached: its
 * lines as the form wrote them into the message, and the estimate page with
 * the same inputs, absolute so it opens from a mail client. An estimate made
 * on another language's page (stored in that language's words, as the
 * visitor saw it) is told in the team's language: the same inputs and
 * figures, the team language's words and page.
 */
function estimateSection(team: Words, estimate: Estimate, siteUrl: string): string {
  const shown = estimateInWords(estimate, team.estimate, team.estimate)
  const { mail } = team.forms
  return [mail.estimateTitle, ...formatEstimate(shown, team.estimateLines), fill(mail.estimateLink, { link: `${siteUrl}${shown.link}` })].join("\n")
}

/** A language's name in the team's language (Hindi, हिन्दी), or its English name where Intl has none */
function nameIn(team: Words, code: string, fallback: string): string {
  try {
    return new Intl.DisplayNames([team.language.tag], { type: "language", fallback: "none" }).of(code) ?? fallback
  } catch {
    return fallback
  }
}

/** The contact e-mail's line on the language the visitor wrote in; none when the team reads it (English, as before languages) */
function languageLine(team: Words, code: string | undefined): string {
  const { language } = wordsIn(code)
  if (language === team.language) return ""
  return `${fill(team.forms.mail.languageLine, { language: nameIn(team, language.code, language.name), tag: language.tag })}\n`
}

/** The e-mail to the company for one contact message: every field, the estimate if any, where the lead came from */
export function contactMail(config: FormsConfig, submission: StoredSubmission, team: Words = teamWords()): SendMailOptions {
  const { id, values } = submission
  const { mail } = team.forms
  const lines = Object.keys(FORMS.contact).map((field) => `${fieldLabel("contact", field, team)}:\n${values[field] || "—"}\n`)
  const estimate = submission.estimate ? `${estimateSection(team, submission.estimate, config.siteUrl)}\n\n` : ""
  return {
    from: config.mailFrom,
    to: config.mailTo,
    replyTo: { name: values.username ?? "", address: values.email ?? "" },
    subject: fill(mail.contactSubject, { subject: values.subject ?? "" }),
    text: `${fill(mail.contactIntro, { site: config.siteName })}\n\n${lines.join("\n")}\n${estimate}${languageLine(team, submission.language)}${sourceLine(team, submission.source)}\n${fill(mail.receivedLine, { time: submission.receivedAt, id })}\n`,
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
