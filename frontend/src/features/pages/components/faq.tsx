import { useId, useState, type ReactNode } from 'react'
import { ChevronDownIcon } from '@/components/ui/icons'
import styles from './faq.module.css'

export interface FaqItem {
  question: string
  answer: ReactNode
}

/**
 * Accordion of questions: one answer open at a time; opening
 * another closes the first, pressing the open one closes it.
 */
export function Faq({ items, headingLevel = 3 }: { items: readonly FaqItem[]; headingLevel?: 2 | 3 }) {
  const [open, setOpen] = useState<number | null>(null)
  const baseId = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className={styles.faq}>
      {items.map((item, index) => {
        const expanded = open === index
        const buttonId = `${baseId}-q${index}`
        const panelId = `${baseId}-a${index}`
        return (
          <div key={item.question} className={`${styles.item} ${expanded ? styles.open : ''}`}>
            <Heading className={styles.question}>
              <button
                type="button"
                id={buttonId}
                className={styles.toggle}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
              >
                <span>{item.question}</span>
                <ChevronDownIcon size={20} className={styles.chevron} />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.answer} hidden={!expanded}>
              {item.answer}
            </div>
          </div>
        )
      })}
    </div>
  )
}
