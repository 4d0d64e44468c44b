import { describe, expect, it } from 'vitest'
import { TEST_ZONES } from '@/testing/delivery'
import { cheapestFee, communeGroups, deliveryDelay, deliveryFee, findCommune, freeDelivery, lowestFreeFrom, zoneTerms } from './delivery-zones'
import { CHOSEN_COMMUNE_KEY, chooseCommune, readChosenCommune } from './chosen-commune'

const [ville, banlieue, loin] = TEST_ZONES as [(typeof TEST_ZONES)[0], (typeof TEST_ZONES)[0], (typeof TEST_ZONES)[0]]

describe('the delivery zones', () => {
  it('say « à partir de » the cheapest fee and the lowest free-delivery threshold', () => {
    expect(cheapestFee(TEST_ZONES)).toBe(1200)
    expect(lowestFreeFrom(TEST_ZONES)).toBe(30000)
    expect(cheapestFee([])).toBeNull()
    expect(lowestFreeFrom([banlieue])).toBeNull()
  })

  it('find the zone of a commune by its code', () => {
    expect(findCommune(TEST_ZONES, 'thies')).toEqual({ zone: loin, commune: { code: 'thies', name: 'Thiès' } })
    expect(findCommune(TEST_ZONES, 'atlantide')).toBeNull()
    expect(findCommune(TEST_ZONES, null)).toBeNull()
  })

  it('price a delivery as checkout does: standard free from the threshold, express its own fee, pickup free', () => {
    expect(deliveryFee(ville, 'standard', 29_999)).toBe(1200)
    expect(deliveryFee(ville, 'standard', 30_000)).toBe(0)
    expect(deliveryFee(ville, 'express', 90_000)).toBe(2200)
    expect(deliveryFee(banlieue, 'standard', 1_000_000)).toBe(1800)
    expect(deliveryFee(banlieue, 'express', 1000)).toBeNull()
    expect(deliveryFee(null, 'pickup', 1000)).toBe(0)
    expect(deliveryFee(null, 'standard', 1000)).toBeNull()
  })

  it('say how far free delivery is', () => {
    expect(freeDelivery(30_000, 12_000)).toEqual({ threshold: 30_000, missing: 18_000, percent: 40 })
    expect(freeDelivery(30_000, 45_000)).toEqual({ threshold: 30_000, missing: 0, percent: 100 })
    expect(freeDelivery(null, 45_000)).toBeNull()
  })

  it('group the communes by zone for a select, and sum a zone up in one line', () => {
    expect(communeGroups(TEST_ZONES)[0]).toEqual({
      label: 'Ville test',
      options: [
        { value: 'medina', label: 'Médina' },
        { value: 'yoff', label: 'Yoff' },
      ],
    })
    expect(zoneTerms(ville)).toBe('1 200 FCFA · 24 h · express 2 200 FCFA (Le jour même) · offerte dès 30 000 FCFA')
    expect(zoneTerms(loin)).toBe('3 000 FCFA · 3 jours · offerte dès 40 000 FCFA · paiement Wave uniquement')
  })

  it('says how long each method takes: express its own delay', () => {
    expect(deliveryDelay(ville, 'express')).toBe('Le jour même')
    expect(deliveryDelay(ville, 'standard')).toBe('24 h')
    expect(deliveryDelay(banlieue, 'standard')).toBe('48 h')
  })
})

describe('the chosen commune', () => {
  it('is remembered in localStorage and forgotten when emptied', () => {
    chooseCommune('medina')
    expect(localStorage.getItem(CHOSEN_COMMUNE_KEY)).toBe('medina')
    expect(readChosenCommune()).toBe('medina')
    chooseCommune(null)
    expect(readChosenCommune()).toBeNull()
  })
})
