// Per-page <head>: title, description, canonical, Open Graph and Twitter card.
// index.html carries the same defaults for crawlers that do not run JS.
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { shop } from './shop'

export const DEFAULT_TITLE = `${shop.name} — Mode urbaine à Dakar`
export const DEFAULT_DESCRIPTION =
  `${shop.name} : t-shirts, pulls, lunettes et chaînes au style urbain, créés à Dakar. ` +
  'Livraison à Dakar, paiement Wave ou à la livraison.'
export const DEFAULT_IMAGE = '/images/og-default.jpg'

export interface PageMeta {
  /** Page title without the shop name; omitted → the default title. */
  title?: string
  description?: string
  /** Absolute URL or path of the share image. */
  image?: string
  /** Path (and the query that matters, if any) of the canonical URL; defaults to the current path without query. */
  canonicalPath?: string
  /** Pages that must stay out of search results (404, search results, admin). */
  noindex?: boolean
  type?: 'website' | 'product' | 'article'
}

export function siteOrigin(): string {
  const configured = import.meta.env.VITE_SITE_URL?.trim()
  return (configured || window.location.origin).replace(/\/+$/, '')
}

function absolute(url: string): string {
  return /^https?:\/\//.test(url) ? url : `${siteOrigin()}${url.startsWith('/') ? '' : '/'}${url}`
}

export function fullTitle(title?: string): string {
  return title ? `${title} | ${shop.name}` : DEFAULT_TITLE
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
  if (!element) {
    element = document.createElement('meta')
    element.setAttribute(attribute, key)
    document.head.appendChild(element)
  }
  element.setAttribute('content', content)
}

function setCanonical(href: string): void {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  if (!element) {
    element = document.createElement('link')
    element.rel = 'canonical'
    document.head.appendChild(element)
  }
  element.href = href
}

export function applyPageMeta(meta: PageMeta, pathname: string): void {
  const title = fullTitle(meta.title)
  const description = meta.description ?? DEFAULT_DESCRIPTION
  const url = absolute(meta.canonicalPath ?? pathname)
  const image = absolute(meta.image ?? DEFAULT_IMAGE)

  document.title = title
  setMeta('name', 'description', description)
  setMeta('name', 'robots', meta.noindex ? 'noindex, follow' : 'index, follow')
  setCanonical(url)
  setMeta('property', 'og:title', title)
  setMeta('property', 'og:description', description)
  setMeta('property', 'og:image', image)
  setMeta('property', 'og:url', url)
  setMeta('property', 'og:type', meta.type ?? 'website')
  setMeta('property', 'og:site_name', shop.name)
  setMeta('name', 'twitter:card', 'summary_large_image')
  setMeta('name', 'twitter:title', title)
  setMeta('name', 'twitter:description', description)
  setMeta('name', 'twitter:image', image)
}

export function usePageMeta(meta: PageMeta): void {
  const { pathname } = useLocation()
  const { title, description, image, canonicalPath, noindex, type } = meta
  useEffect(() => {
    applyPageMeta({ title, description, image, canonicalPath, noindex, type }, pathname)
  }, [title, description, image, canonicalPath, noindex, type, pathname])
}
