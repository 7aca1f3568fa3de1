import path from "path"
import { ConfigError, readConfig } from "../../src/forms/config"
import { errorText, fill } from "../../src/forms/copy"
import forms from "../../content/forms/forms.json"
import contact from "../../content/contact/contact.json"

describe("forms configuration from the environment", () => {
  it("has working defaults: store only, under var/forms", () => {
    const config = readConfig({})
    expect(config.smtpUrl).toBeUndefined()
    expect(config.dataDir).toBe(path.resolve("var/forms"))
    expect(config.rateLimit).toEqual({ points: 10, windowS: 600 })
  })

  it("reads every variable", () => {
    const config = readConfig({ FORMS_DATA_DIR: "/srv/forms", SMTP_URL: "smtp://u:p@mail.example.com:587", MAIL_TO: "sales@example.com", FORMS_RATE_LIMIT: "3", SITE_URL: "https://site.example.com/" })
    expect(config).toMatchObject({ dataDir: "/srv/forms", smtpUrl: "smtp://u:p@mail.example.com:587", mailTo: "sales@example.com", siteUrl: "https://site.example.com", rateLimit: { points: 3, windowS: 600 } })
  })

  it("refuses a bad value with a message naming the variable", () => {
    expect(() => readConfig({ FORMS_RATE_LIMIT: "ten" })).toThrow(new ConfigError('FORMS_RATE_LIMIT is "ten"; it must be a whole number above 0 (default 10).'))
    expect(() => readConfig({ SMTP_URL: "mail.example.com" })).toThrow(/SMTP_URL is "mail.example.com", which is not a URL/)
    expect(() => readConfig({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//)
  })
})

describe("the forms' words", () => {
  it("fill placeholders and leave unknown ones", () => {
    expect(fill("Hi {name}, {unknown}", { name: "Ada" })).toBe("Hi Ada, {unknown}")
  })

  it("name the field by its label from content", () => {
    expect(errorText("contact", { field: "email", code: "invalid_email", message: "" })).toBe(fill(forms.errors.invalid_email, { label: contact.form.fields.email.label }))
    expect(errorText("contact", { field: "message", code: "too_long", message: "" })).toBe(fill(forms.errors.too_long, { label: contact.form.fields.message.label, max: 5000 }))
  })
})
