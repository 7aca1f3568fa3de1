import * as React from "react"
import { graphql, Link, type HeadProps, type PageProps } from "gatsby"
import { Notice, NoticeActions } from "../components/blocks/Notice"
import { Layout } from "../components/layout/Layout"
import { Seo } from "../components/layout/Seo"
import { required } from "../lib/required"

interface Context {
  noticeId: string
}

function notice(data: Queries.NoticeTemplateQuery, id: string) {
  return required(
    required(data.formsJson, "content/forms/forms.json").pages.find((page) => page.id === id),
    `content/forms/forms.json pages "${id}"`,
  )
}

/** Where a form sent without JavaScript ends: thank you, check your inbox, subscribed. */
export default function NoticeTemplate({ data, pageContext }: PageProps<Queries.NoticeTemplateQuery, Context>) {
  const page = notice(data, pageContext.noticeId)
  return (
    <Layout>
      <Notice title={page.title} text={page.text}>
        <NoticeActions>
          <Link to="/" className="button button--green">
            {page.link}
          </Link>
        </NoticeActions>
      </Notice>
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<Queries.NoticeTemplateQuery, Context>) {
  const page = notice(data, pageContext.noticeId)
  return (
    <Seo pathname={page.path} title={page.title} description={page.text}>
      <meta name="robots" content="noindex" />
    </Seo>
  )
}

export const query = graphql`
  query NoticeTemplate {
    formsJson {
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
