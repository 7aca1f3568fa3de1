import * as React from "react"
import { FORMS } from "../../forms/fields"
import type { SiteChrome } from "../../hooks/use-site"

interface Props {
  labels: SiteChrome["footer"]["subscribe"]
}

/** The footer's newsletter sign-up: one required e-mail field, posted to the site's endpoint. */
export function SubscribeForm({ labels }: Props) {
  return (
    <div className="subscribe">
      <div className="subscribe__text">
        <h2 id="subscribe-title">{labels.title}</h2>
        <p>{labels.text}</p>
      </div>
      <form className="subscribe__form" method="post" action="/api/subscribe" aria-labelledby="subscribe-title">
        <label htmlFor="subscribe-email" className="visually-hidden">
          {labels.emailLabel}
        </label>
        <input
          id="subscribe-email"
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder={labels.placeholder}
          maxLength={FORMS.subscribe.email.max}
        />
        <button type="submit" className="button button--amber">
          {labels.button}
        </button>
      </form>
    </div>
  )
}
