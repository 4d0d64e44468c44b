import { describe, expect, it } from 'vitest'
import { actionLabel, ACTION_LABELS, targetHref, targetText, valueText, VALUE_MAX } from './audit-labels'

describe('the journal in French', () => {
  it('names every action the server writes', () => {
    const codes = `product.create, product.update, product.delete, stock.adjust, catalog.import, catalog.export, picture.upload,
      order.status, order.tracking, order.confirmation, order.returned, order.courier, order.delivery, order.items,
      order.cash_on_delivery, payment.record, payment.cash_received, refund.create, refund.check, message.resend,
      conversation.reply,
      phone.decision, promo_code.create, promo_code.update, delivery_zone.create, delivery_zone.update, delivery_zone.delete,
      user.create, user.update, user.role, user.status, user.delete, user.reset_link, user.two_factor_on, user.two_factor_off,
      newsletter.export, report.export,
      audit.export, auth.login, auth.login_failed`.split(',').map((code) => code.trim())
    expect(Object.keys(ACTION_LABELS)).toEqual(codes)
    expect(actionLabel('order.status')).toBe('Statut de commande modifié')
    expect(actionLabel('robot.dance')).toBe('robot.dance')
  })

  it('reads a value: null « — », empty « (vide) », yes/no, numbers, objects as compact JSON, long ones cut', () => {
    expect(valueText(null)).toBe('—')
    expect(valueText(undefined)).toBe('—')
    expect(valueText('')).toBe('(vide)')
    expect(valueText('shipped')).toBe('shipped')
    expect(valueText(true)).toBe('oui')
    expect(valueText(false)).toBe('non')
    expect(valueText(9500)).toBe('9500')
    expect(valueText({ a: 1, b: [null, 'x'] })).toBe('{"a":1,"b":[null,"x"]}')
    const long = valueText('x'.repeat(VALUE_MAX + 50))
    expect(long).toHaveLength(VALUE_MAX)
    expect(long.endsWith('…')).toBe(true)
  })

  it('names a target and links an order’s or a product’s page, not once deleted', () => {
    const order = { type: 'order', id: 'o1', label: 'ORD-1' }
    expect(targetText(order)).toBe('Commande ORD-1')
    expect(targetText({ type: 'user', id: 'u1', label: '' })).toBe('Compte u1')
    expect(targetText({ type: 'catalog', id: '', label: '' })).toBe('Catalogue')
    expect(targetHref(order, 'order.status')).toBe('/admin/orders/o1')
    expect(targetHref({ type: 'product', id: 'p 1', label: '' }, 'stock.adjust')).toBe('/admin/products/edit/p%201')
    expect(targetHref({ type: 'product', id: 'p1', label: '' }, 'product.delete')).toBeNull()
    expect(targetHref({ type: 'user', id: 'u1', label: '' }, 'user.update')).toBeNull()
    expect(targetHref({ type: 'order', id: '', label: 'ORD-1, ORD-2' }, 'payment.cash_received')).toBeNull()
  })
})
