import { beforeEach, describe, expect, it } from 'vitest'
import { campaignSource, rememberCampaign } from './campaign'

beforeEach(() => sessionStorage.clear())

describe('the visit’s campaign', () => {
  it('keeps the utm_source the visit landed with, and a later page without one keeps it', () => {
    rememberCampaign('?utm_source=instagram&utm_medium=social')
    rememberCampaign('?category=women')
    expect(campaignSource()).toBe('instagram')
  })

  it('is none for a visit that came without one', () => {
    rememberCampaign('?fbclid=abc')
    expect(campaignSource()).toBeNull()
  })
})
