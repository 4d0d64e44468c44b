// The campaign a visit arrived with (`utm_source`: an Instagram post, the Meta or Google feed),
// kept for the tab's session so that the order placed later carries it as its `source`. The
// server checks it and leaves out anything that is not a campaign's name.

const KEY = 'bitik.campaign'

/** Keeps the `utm_source` of the address the visit landed on, if any. */
export function rememberCampaign(search: string): void {
  const source = new URLSearchParams(search).get('utm_source')?.trim()
  if (!source) return
  try {
    sessionStorage.setItem(KEY, source.slice(0, 50))
  } catch {
    // Storage refused (private mode): the order goes without its campaign.
  }
}

/** The campaign kept for this visit, or null. */
export function campaignSource(): string | null {
  try {
    return sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}
