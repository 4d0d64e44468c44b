import { useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import {
  ChevronDownIcon,
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  TikTokIcon,
  WhatsAppIcon,
} from '@/components/ui/icons'
import { emailHref, phoneHref, shop, whatsappHref } from '@/lib/shop'
import styles from './footer.module.css'

const LINK_GROUPS = [
  {
    title: 'Boutique',
    links: [
      { label: 'Tous les produits', to: '/products' },
      { label: 'Nouveautés', to: '/products?new=true' },
      { label: 'Promotions', to: '/products?promotion=true' },
      { label: 'Vêtements', to: '/category/vetement' },
      { label: 'Accessoires', to: '/category/accessoire' },
    ],
  },
  {
    title: 'Aide',
    links: [
      { label: 'Contact', to: '/contact' },
      { label: 'Livraison', to: '/delivery' },
      { label: 'Retours et échanges', to: '/returns' },
    ],
  },
  {
    title: shop.name,
    links: [
      { label: 'À propos', to: '/about' },
      { label: 'Politique de confidentialité', to: '/privacy' },
      { label: 'Conditions générales de vente', to: '/terms' },
    ],
  },
]

const SOCIAL = [
  { label: 'Instagram', href: shop.social.instagram, Icon: InstagramIcon },
  { label: 'Facebook', href: shop.social.facebook, Icon: FacebookIcon },
  { label: 'TikTok', href: shop.social.tiktok, Icon: TikTokIcon },
].filter((item) => item.href)

/** A link group: a plain list on desktop, a collapsible one on mobile. */
function LinkGroup({ title, links }: (typeof LINK_GROUPS)[number]) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  return (
    <div className={`${styles.group} ${open ? styles.open : ''}`}>
      <h2 className={styles.groupTitle}>
        <button type="button" className={styles.groupToggle} aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          {title}
          <ChevronDownIcon size={18} className={styles.chevron} />
        </button>
      </h2>
      <ul id={listId} className={styles.groupList}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function Footer({ newsletter }: { newsletter?: ReactNode }) {
  const year = new Date().getFullYear()
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.top}`}>
        <section className={styles.brand} aria-labelledby="footer-brand">
          <h2 id="footer-brand" className={styles.brandName}>{shop.name}</h2>
          <p className={styles.tagline}>Mode urbaine créée à Dakar. T-shirts, pulls, lunettes et chaînes pour la rue.</p>
          <address className={styles.contact}>
            <p><MapPinIcon size={18} /> <span>{shop.address}</span></p>
            <p><PhoneIcon size={18} /> <a href={phoneHref}>{shop.phone}</a></p>
            <p>
              <WhatsAppIcon size={18} />{' '}
              <a href={whatsappHref} target="_blank" rel="noopener noreferrer">WhatsApp</a>
            </p>
            <p><MailIcon size={18} /> <a href={emailHref}>{shop.email}</a></p>
          </address>
          <p className={styles.hours}>{shop.hours}</p>
          {SOCIAL.length > 0 ? (
            <ul className={styles.social} aria-label="Réseaux sociaux">
              {SOCIAL.map(({ label, href, Icon }) => (
                <li key={label}>
                  <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
                    <Icon size={20} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <nav className={styles.groups} aria-label="Liens du pied de page">
          {LINK_GROUPS.map((group) => (
            <LinkGroup key={group.title} {...group} />
          ))}
        </nav>

        {newsletter ? <div className={styles.newsletter}>{newsletter}</div> : null}
      </div>

      <div className={styles.bottom}>
        <div className={`container ${styles.bottomInner}`}>
          <p>© {year} {shop.name}. Tous droits réservés.</p>
          <p className={styles.legal}>
            <Link to="/terms">CGV</Link>
            <Link to="/privacy">Confidentialité</Link>
          </p>
        </div>
      </div>
    </footer>
  )
}
