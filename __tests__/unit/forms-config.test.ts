import path from "path"
import { ConfigError, readConfig } from "../../src/forms/environment"
import { errorText, fill, noticePath, wordsIn } from "../../src/forms/copy"
import forms from "../../content/forms/forms.en.json"
import formsHi from "../../content/forms/forms.hi.json"
import contact from "../../content/contact/contact.en.json"
import contactHi from "../../content/contact/contact.hi.json"

describe("forms configuration from the environment", () => {
  it("has working defaults: store only, under var/forms", () => {
    const config = readConfig({})
    expect(config.smtpUrl).toBeUndefined()
    expect(config.dataDir).toBe(path.resolve("var/forms"))
    expect(config.rateLimit).toEqual({ points: 10, windowS: 600 })
  })

  it("reads every variable", () => {
    const config = readConfig({
      FORMS_DATA_DIR: "/srv/forms",
      SMTP_URL: "smtp://u:p@mail.example.com:587",
      MAIL_TO: "sales@example.com",
      FORMS_RATE_LIMIT: "3",
      SITE_URL: "https://site.example.com/",
    })
    expect(config).toMatchObject({
      dataDir: "/srv/forms",
      smtpUrl: "smtp://u:p@mail.example.com:587",
      mailTo: "sales@example.com",
      siteUrl: "https://site.example.com",
      rateLimit: { points: 3, windowS: 600 },
    })
  })

  it("stores in files unless FORMS_STORE says netlify-blobs", () => {
    expect(readConfig({}).store).toEqual({ backend: "files" })
    expect(readConfig({ FORMS_STORE: "files" }).store).toEqual({ backend: "files" })
    // On Netlify the access comes from the function's environment: only the store's name is configured
    expect(readConfig({ FORMS_STORE: "netlify-blobs" }).store).toEqual({ backend: "netlify-blobs", name: "forms" })
    expect(
      readConfig({
        FORMS_STORE: "netlify-blobs",
        FORMS_BLOBS_STORE: "site-forms",
        NETLIFY_BLOBS_SITE_ID: "site-1",
        NETLIFY_BLOBS_TOKEN: "secret",
        NETLIFY_BLOBS_API_URL: "http://127.0.0.1:8971/",
      }).store,
    ).toEqual({
      backend: "netlify-blobs",
      name: "site-forms",
      siteID: "site-1",
      token: "secret",
      apiURL: "http://127.0.0.1:8971",
    })
  })

  it("refuses an unknown store, a half-given Blobs access and a store name Netlify would refuse", () => {
    expect(() => readConfig({ FORMS_STORE: "s3" })).toThrow(new ConfigError('FORMS_STORE is "s3"; it must be one of files, netlify-blobs (default files).'))
    expect(() => readConfig({ FORMS_STORE: "netlify-blobs", NETLIFY_BLOBS_SITE_ID: "site-1" })).toThrow(
      /NETLIFY_BLOBS_SITE_ID and NETLIFY_BLOBS_TOKEN go together/,
    )
    expect(() => readConfig({ FORMS_STORE: "netlify-blobs", NETLIFY_BLOBS_TOKEN: "secret" })).toThrow(ConfigError)
    expect(() => readConfig({ FORMS_STORE: "netlify-blobs", FORMS_BLOBS_STORE: "forms/contact" })).toThrow(/FORMS_BLOBS_STORE is "forms\/contact"/)
    expect(() => readConfig({ FORMS_STORE: "netlify-blobs", NETLIFY_BLOBS_API_URL: "api.netlify.com" })).toThrow(
      /NETLIFY_BLOBS_API_URL is "api.netlify.com", which is not a URL/,
    )
  })

  it("refuses a bad value with a message naming the variable", () => {
    expect(() => readConfig({ FORMS_RATE_LIMIT: "ten" })).toThrow(new ConfigError('FORMS_RATE_LIMIT is "ten"; it must be a whole number above 0 (default 10).'))
    expect(() => readConfig({ SMTP_URL: "mail.example.com" })).toThrow(/SMTP_URL is "mail.example.com", which is not a URL/)
    expect(() => readConfig({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//)
  })
})

describe("the send's deadline and the store's lock times", () => {
  it("keep a send well within the time after which its lock could be taken from it", () => {
    expect(readConfig({})).toMatchObject({ sendDeadlineMs: 60_000, lockTimes: { staleMs: 120_000, waitMs: 150_000 } })
    expect(readConfig({ FORMS_SEND_DEADLINE_MS: "1500", FORMS_LOCK_STALE_MS: "4000" })).toMatchObject({
      sendDeadlineMs: 1_500,
      lockTimes: { staleMs: 4_000, waitMs: 34_000 },
    })
  })

  it("refuse a deadline over half the stale limit, and a wait that does not outlast it", () => {
    expect(() => readConfig({ FORMS_SEND_DEADLINE_MS: "70000" })).toThrow(
      new ConfigError(
        "FORMS_SEND_DEADLINE_MS (70000) must be at most half of FORMS_LOCK_STALE_MS (120000): a send must end well before its lock could be taken from it.",
      ),
    )
    expect(() => readConfig({ FORMS_LOCK_STALE_MS: "100000" })).toThrow(
      /FORMS_SEND_DEADLINE_MS \(60000\) must be at most half of FORMS_LOCK_STALE_MS \(100000\)/,
    )
    expect(() => readConfig({ FORMS_LOCK_WAIT_MS: "120000" })).toThrow(/FORMS_LOCK_WAIT_MS \(120000\) must be longer than FORMS_LOCK_STALE_MS \(120000\)/)
  })
})

describe("the forms' words", () => {
  it("fill placeholders and leave unknown ones", () => {
    expect(fill("Hi {name}, {unknown}", { name: "Ada" })).toBe("Hi Ada, {unknown}")
  })

  it("name the field by its label from content", () => {
    expect(errorText("contact", { field: "email", code: "invalid_email", message: "" })).toBe(
      fill(forms.errors.invalid_email, { label: contact.form.fields.email.label }),
    )
    expect(errorText("contact", { field: "message", code: "too_long", message: "" })).toBe(
      fill(forms.errors.too_long, { label: contact.form.fields.message.label, max: 5000 }),
    )
  })

  it("come in the language a post names, and in English for one the site does not have", () => {
    const hindi = wordsIn("hi")
    expect(hindi.language.tag).toBe("hi-IN")
    expect(errorText("contact", { field: "email", code: "invalid_email", message: "" }, hindi)).toBe(
      fill(formsHi.errors.invalid_email, { label: contactHi.form.fields.email.label }),
    )
    expect(noticePath("contact-sent", hindi)).toBe("/hi/thank-you")
    expect(noticePath("contact-sent")).toBe("/thank-you")
    for (const other of ["xx", "hi-IN", "HI", "", undefined, ["hi"], { code: "hi" }, 1]) {
      expect(wordsIn(other).language.code).toBe("en")
      expect(wordsIn(other).forms).toBe(wordsIn("en").forms)
    }
  })
})
