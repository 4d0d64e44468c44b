/** Leaving for Wave's page, behind one seam so tests can watch it. */
export const waveBrowser = {
  open(url: string): void {
    window.location.assign(url)
  },
}
