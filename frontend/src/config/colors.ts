// Colour names of the catalogue are lowercase French (docs/rules.md#catalogue). Known
// names get a swatch; an unknown name is shown as text only.

const SWATCHES: Record<string, string> = {
  noir: '#111111',
  blanc: '#ffffff',
  'blanc cassé': '#f4f0e6',
  ivoire: '#fffbea',
  crème: '#f5ecd7',
  ecru: '#efe6d2',
  écru: '#efe6d2',
  gris: '#8c8c8c',
  'gris clair': '#c8c8c8',
  'gris foncé': '#4a4a4a',
  'gris chiné': '#9d9d9d',
  anthracite: '#383e42',
  argent: '#c0c0c0',
  argenté: '#c0c0c0',
  or: '#d4af37',
  doré: '#d4af37',
  'or rose': '#e0a899',
  bronze: '#a97142',
  cuivre: '#b87333',
  beige: '#d8c3a5',
  sable: '#d9c7a7',
  camel: '#c19a6b',
  taupe: '#8b7d6b',
  marron: '#6b4226',
  chocolat: '#4a2c1d',
  caramel: '#b5733a',
  kaki: '#78866b',
  olive: '#6b7a36',
  vert: '#2e7d32',
  'vert clair': '#8bc34a',
  'vert foncé': '#1b5e20',
  'vert militaire': '#4b5320',
  'vert bouteille': '#0b4d2e',
  émeraude: '#1f8a5b',
  menthe: '#98d7c2',
  turquoise: '#30b5b0',
  bleu: '#1e5bb8',
  'bleu clair': '#8ab6e8',
  'bleu ciel': '#87ceeb',
  'bleu roi': '#2845a8',
  'bleu marine': '#1b2a4a',
  marine: '#1b2a4a',
  'bleu nuit': '#14213d',
  'bleu pétrole': '#1d4e5c',
  indigo: '#3f3d8f',
  denim: '#3b5b86',
  violet: '#6a3d9a',
  mauve: '#b784a7',
  lilas: '#c8a2c8',
  prune: '#6b2d4f',
  rose: '#e8889f',
  'rose pâle': '#f4c6d0',
  'rose poudré': '#e8c4c4',
  fuchsia: '#d62f8a',
  rouge: '#c62828',
  bordeaux: '#6d1a2b',
  brique: '#a84a36',
  corail: '#ef7b5c',
  saumon: '#f2917a',
  orange: '#ef7d22',
  terracotta: '#c0603a',
  moutarde: '#d1a32a',
  jaune: '#f3c623',
  'jaune moutarde': '#d1a32a',
  multicolore: 'conic-gradient(#c62828, #f3c623, #2e7d32, #1e5bb8, #6a3d9a, #c62828)',
}

function normalise(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ')
}

/** CSS background for a colour name, or undefined when the name is unknown. */
export function colorSwatch(name: string): string | undefined {
  return SWATCHES[normalise(name)]
}

/** 'bleu marine' → 'Bleu marine'. */
export function colorLabel(name: string): string {
  const clean = normalise(name)
  return clean.charAt(0).toUpperCase() + clean.slice(1)
}
