import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { LocalLink } from "../components/primitives/LocalLink"
import { Notice, NoticeActions } from "../components/blocks/Notice"
import { Layout } from "../components/layout/Layout"
import type { PageContext } from "../lib/chrome"
import { Seo } from "../components/layout/Seo"
import { required } from "../lib/required"

interface Context extends PageContext {
  noticeId: string
}

function notice(data: Queries.NoticeTemplateQuery, id: string) {
  const page = required(data.formsJson, "forms").pages.find((entry) => entry.id === id)
  if (!page) throw new Error(`content/forms/: its pages have no "${id}"; the notice needs it.`)
  return page
}

/** Where a form sent without JavaScript ends: thank you, check your inbox, subscribed. */
export default function NoticeTemplate({ data, pageContext }: PageProps<Queries.NoticeTemplateQuery, Context>) {
  const page = notice(data, pageContext.noticeId)
  return (
    <Layout chrome={data} basePath={pageContext.basePath}>
      <Notice title={page.title} text={page.text}>
        <NoticeActions>
          <LocalLink to="/" className="button button--green">
            {page.link}
          </LocalLink>
        </NoticeActions>
      </Notice>
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<Queries.NoticeTemplateQuery, Context>) {
  const page = notice(data, pageContext.noticeId)
  return <Seo chrome={data} pathname={page.path} title={page.title} description={page.text} noindex />
}

export const query = graphql`
  query NoticeTemplate($locale: String!) {
    ...PageChrome
    formsJson(locale: { eq: $locale }) {
      pages {
        id
        path
        title
        text
        link
      }
    }
  }
`
