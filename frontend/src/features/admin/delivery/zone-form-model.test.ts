import { describe, expect, it } from 'vitest'
import type { DeliveryZone } from '@/lib/delivery-zones'
import { newCommune, parseAmount, zoneBody, zoneFormErrors, zoneFormValues } from './zone-form-model'

const regions: DeliveryZone = {
  code: 'regions',
  name: 'Régions',
  fee: 3500,
  expressFee: null,
  freeFrom: 50_000,
  delay: '2 à 4 jours ouvrés',
  expressDelay: null,
  cashOnDelivery: false,
  active: true,
  communes: [{ code: 'thies', name: 'Thiès' }],
}

describe('the zone form', () => {
  it('shows a zone as typed, no express as a blank fee, and sends it back unchanged', () => {
    const values = zoneFormValues(regions)
    expect(values).toMatchObject({ fee: '3500', expressFee: '', freeFrom: '50000', cashOnDelivery: false })
    expect(zoneFormErrors(values)).toEqual({})
    expect(zoneBody(values, false)).toEqual({
      name: 'Régions',
      fee: 3500,
      expressFee: null,
      freeFrom: 50_000,
      delay: '2 à 4 jours ouvrés',
      expressDelay: null,
      cashOnDelivery: false,
      active: true,
      communes: [{ code: 'thies', name: 'Thiès' }],
    })
  })

  it('asks express its own delay, and sends none without express', () => {
    const express = { ...zoneFormValues(regions), expressFee: '5 000' }
    expect(zoneFormErrors(express)).toEqual({ expressDelay: 'Le délai de la livraison express est requis' })
    expect(zoneBody({ ...express, expressDelay: ' 24 h ' }, false)).toMatchObject({ expressFee: 5000, expressDelay: '24 h' })
    expect(zoneBody({ ...express, expressFee: '', expressDelay: '24 h' }, false)).toMatchObject({ expressFee: null, expressDelay: null })
  })

  it('reads amounts written with spaces and refuses what is not whole francs', () => {
    expect(parseAmount(' 1 500 ')).toBe(1500)
    expect(parseAmount('50\u202f000')).toBe(50_000)
    expect(parseAmount('')).toBeNull()
    for (const junk of ['-1', '1,5', '1.5', 'abc']) expect(parseAmount(junk)).toBeUndefined()
  })

  it('says what is missing or wrong in the server’s words', () => {
    const blank = zoneFormValues()
    expect(zoneFormErrors(blank)).toEqual({
      name: 'Le nom de la zone est requis',
      fee: 'Les frais de livraison sont requis',
      delay: 'Le délai de livraison est requis',
      communes: 'Ajoutez au moins une commune',
    })
    const wrong = { ...zoneFormValues(regions), fee: '-5', expressFee: '2 000 000', communes: [...zoneFormValues(regions).communes, newCommune(1)] }
    expect(zoneFormErrors(wrong)).toEqual({
      fee: 'Un montant doit être un nombre entier de francs, positif ou nul',
      expressFee: 'Un montant ne peut pas dépasser 1 000 000 FCFA',
      communes: 'Chaque commune a besoin d’un nom',
    })
  })

  it('sends a new zone’s code only when typed, and new communes without code', () => {
    const values = { ...zoneFormValues(), name: ' Saly ', fee: '4000', delay: '48 h', communes: [{ ...newCommune(0), name: ' Saly Portudal ' }] }
    expect(zoneBody(values, true)).toMatchObject({ name: 'Saly', fee: 4000, communes: [{ name: 'Saly Portudal' }] })
    expect(zoneBody(values, true)).not.toHaveProperty('code')
    expect(zoneBody({ ...values, code: 'saly' }, true)).toHaveProperty('code', 'saly')
    expect(zoneBody({ ...values, code: 'saly' }, false)).not.toHaveProperty('code')
  })
})
