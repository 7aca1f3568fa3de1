import * as React from "react"
import { DEFAULT_LANGUAGE, localizeHref } from "../lib/languages"

/** The page's language code, set once by the Layout from the page's content (its query's $locale) */
export const LanguageContext = React.createContext<string>(DEFAULT_LANGUAGE.code)

/** The page's language code ("en", "hi") */
export function useLanguage(): string {
  return React.useContext(LanguageContext)
}

/** Turns a site address from content (/contact, /#about) into the same page in the page's language (/hi/contact) */
export function useLocalize(): (href: string) => string {
  const language = useLanguage()
  return React.useCallback((href: string) => localizeHref(href, language), [language])
}
