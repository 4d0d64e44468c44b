import { describe, expect, it } from 'vitest'
import { inAppBrowser } from './in-app-browser'

describe('in-app browsers', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.19.111 (iPhone14,5; iOS 17_4; fr_FR; fr; scale=3.00; 1170x2532; 600000000) NW/3', 'Instagram'],
    ['Mozilla/5.0 (Linux; Android 13; SM-A145F Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 Instagram 329.0.0.41.93 Android', 'Instagram'],
    ['Mozilla/5.0 (Linux; Android 12; TECNO KG5 Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.118 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/460.0.0.48.109;]', 'Facebook'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/450.0.0.38.108;FBBV/123;FBDV/iPhone12,1;FBMD/iPhone;FBSN/iOS;FBSV/16.6;FBSS/2;FBCR/;FBID/phone;FBLC/fr_FR;FBOP/5]', 'Facebook'],
    ['Mozilla/5.0 (Linux; Android 11; itel A571W Build/RP1A.201005.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/110.0.5481.153 Mobile Safari/537.36 trill_330203 JsSdk/1.0 NetType/4G Channel/googleplay AppName/musical_ly app_version/33.2.3 ByteLocale/fr ByteFullLocale/fr Region/SN BytedanceWebview/d8a21c6', 'TikTok'],
  ])('recognises %s', (userAgent, expected) => {
    expect(inAppBrowser(userAgent)).toBe(expected)
  })

  it.each([
    'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    '',
  ])('leaves real browsers alone: %s', (userAgent) => {
    expect(inAppBrowser(userAgent)).toBeNull()
  })
})
