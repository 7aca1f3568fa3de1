/**
 * The team's e-mail of each contact message (src/forms/mails.ts) is written
 * in the language content/forms names as the team's (teamLanguage, one
 * place): every word of it from that language's file, so no language's
 * e-mail words are dead text; the visitor's language is named when it is
 * another.
 */
import type { FormsConfig } from "../../src/forms/environment"
import { DEFAULT_WORDS, teamWords, wordsIn } from "../../src/forms/copy"
import { contactMail } from "../../src/forms/mails"
import type { StoredSubmission } from "../../src/forms/store/records"
import { fill } from "../../src/lib/text"

const config = { mailFrom: "site@example.com", mailTo: "team@example.com", siteUrl: "https://example.com", siteName: "Emberleaf Energy" } as FormsConfig
const submission = (language?: string): StoredSubmission => ({
  id: "c-1",
  kind: "contact",
  receivedAt: "2026-11-28T10:00:00.000Z",
  values: { username: "Savitribai Phule", email: "s@example.com", phone: "+91 98 7654 3210", subject: "Conveyor Belt", message: "" },
  source: { cta: "get-a-quote", page: "/hi/product" },
  ...(language ? { language } : {}),
})

describe("the team's e-mail of a contact message", () => {
  it("is in the language content/forms names as the team's, English here", () => {
    expect(DEFAULT_WORDS.forms.teamLanguage).toBe("en")
    expect(wordsIn("hi").forms.teamLanguage).toBe(DEFAULT_WORDS.forms.teamLanguage) // @shared: one place
    const mail = contactMail(config, submission("hi"))
    const { forms, contact } = DEFAULT_WORDS
    expect(mail.subject).toBe(fill(forms.mail.contactSubject, { subject: "Conveyor Belt" }))
    expect(mail.text).toContain(`${contact.form.fields.username!.label}:\nSavitribai Phule`)
    expect(mail.text).toContain(fill(forms.mail.languageLine, { language: "Hindi", tag: "hi-IN" }))
    expect(mail.text).toContain(
      fill(forms.mail.sourceLine, { page: "/hi/product", cta: forms.leadSources.find((source) => source.id === "get-a-quote")!.label }),
    )
    expect(mail.text).toContain(fill(forms.mail.receivedLine, { time: "2026-11-28T10:00:00.000Z", id: "c-1" }))
    // an English visitor's message names no language: the team reads it
    expect(contactMail(config, submission()).text).not.toContain(forms.mail.languageLine.split("{")[0]!.trim())
  })

  it("is wholly in Hindi when the team reads Hindi: subject, intro, labels, where it came from, the English visitor's language in Hindi", () => {
    const hindi = wordsIn("hi")
    const mail = contactMail(config, submission(), hindi)
    expect(mail.subject).toBe(fill(hindi.forms.mail.contactSubject, { subject: "Conveyor Belt" }))
    expect(mail.text).toContain(fill(hindi.forms.mail.contactIntro, { site: "Emberleaf Energy" }))
    for (const field of ["username", "email", "phone", "subject", "message"])
      expect(mail.text).toContain(`${hindi.contact.form.fields[field as "email"].label}:\n`)
    expect(mail.text).toContain(
      fill(hindi.forms.mail.sourceLine, { page: "/hi/product", cta: hindi.forms.leadSources.find((source) => source.id === "get-a-quote")!.label }),
    )
    expect(mail.text).toContain(fill(hindi.forms.mail.languageLine, { language: "अंग्रेज़ी", tag: "en-IN" }))
    expect(mail.text).toContain(fill(hindi.forms.mail.receivedLine, { time: "2026-11-28T10:00:00.000Z", id: "c-1" }))
    // no English words of the e-mail's own: only the visitor's values, the site's name and the ids
    const english = DEFAULT_WORDS.forms.mail
    for (const line of [english.contactIntro, english.sourceUnknown, english.receivedLine]) expect(mail.text).not.toContain(line.split("{")[0]!.trim())
    expect(mail.text).not.toMatch(/Received|Came from/)
  })

  it("refuses a team language the site does not have, naming the file and the languages it has", () => {
    const before = DEFAULT_WORDS.forms.teamLanguage
    try {
      ;(DEFAULT_WORDS.forms as { teamLanguage: string }).teamLanguage = "fr"
      expect(() => teamWords()).toThrow(/content\/forms\/forms\.en\.json: "teamLanguage" is "fr", not one of the site's languages \(en, hi/)
      expect(() => contactMail(config, submission())).toThrow(/teamLanguage/)
    } finally {
      ;(DEFAULT_WORDS.forms as { teamLanguage: string }).teamLanguage = before
    }
  })
})
