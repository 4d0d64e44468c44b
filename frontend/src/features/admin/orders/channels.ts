// The channels an order is taken on, for the back office's filter (the storefront never needs
// them: an order it shows carries its own `channelLabel`).
import { isOneOf } from '@/lib/codes'

/** Where an order was taken: the storefront or a conversation turned into an order. */
export const CHANNELS = ['web', 'whatsapp', 'instagram', 'facebook', 'tiktok', 'phone', 'boutique'] as const
export type Channel = (typeof CHANNELS)[number]

/** The filter's options before any order is loaded; an order carries its own `channelLabel`. */
export const CHANNEL_LABELS: Record<Channel, string> = {
  web: 'Site web',
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  phone: 'Téléphone',
  boutique: 'Boutique',
}

export const isChannel = (value: unknown) => isOneOf(CHANNELS, value)
