import * as React from "react"
import { graphql } from "gatsby"
import { languageByCode, localizedPath } from "../../lib/languages"
import "./LanguageSwitch.css"

interface Props {
  /** This page's address in the default language (/estimate) */
  basePath: string
  /** The page's language code */
  current: string
  /** Each language's name in itself, from its site.<code>.json */
  languages: readonly Queries.LanguageNameFragment[]
  label: string
}

/**
 * Plain links to this page in the site's other languages, each named in its
 * own language. The link carries the address's query and fragment as the
 * visitor follows it, so an estimate's inputs survive the switch; without
 * JavaScript it is the page itself. No redirect by Accept-Language: the
 * visitor chooses.
 */
export function LanguageSwitch({ basePath, current, languages, label }: Props) {
  const others = languages.filter((language) => language.locale !== current)
  // the not-found page has no twin: its switch leads to the other language's home page
  const target = basePath.startsWith("/404") ? "/" : basePath
  if (others.length === 0) return null
  const keepQuery = (event: React.SyntheticEvent<HTMLAnchorElement>) => {
    const link = event.currentTarget
    const target = new URL(link.href)
    link.href = `${target.pathname}${window.location.search}${window.location.hash}`
  }
  return (
    <nav className="language-switch" aria-label={label}>
      <ul>
        {others.map((language) => {
          const { tag } = languageByCode(language.locale)
          return (
            <li key={language.locale}>
              <a
                href={localizedPath(target, language.locale)}
                hrefLang={tag}
                lang={tag}
                onMouseDown={keepQuery}
                onFocus={keepQuery}
                onClick={keepQuery}
                onTouchStart={keepQuery}
              >
                {language.languageName}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

export const languageSwitchFragment = graphql`
  fragment LanguageName on SiteJson {
    locale
    languageName
  }
`
