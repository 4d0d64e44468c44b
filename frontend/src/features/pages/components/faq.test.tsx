import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/testing/render'
import { Faq } from './faq'

const ITEMS = [
  { question: 'Première question ?', answer: <p>Première réponse.</p> },
  { question: 'Deuxième question ?', answer: <p>Deuxième réponse.</p> },
  { question: 'Troisième question ?', answer: <p>Troisième réponse.</p> },
]

const question = (name: string) => screen.getByRole('button', { name })
const openAnswers = () => screen.queryAllByRole('region')

describe('Faq', () => {
  it('starts closed, each question a button controlling its answer', () => {
    renderWithProviders(<Faq items={ITEMS} />)
    for (const item of ITEMS) {
      const button = question(item.question)
      expect(button).toHaveAttribute('aria-expanded', 'false')
      const panel = document.getElementById(button.getAttribute('aria-controls')!)
      expect(panel).not.toBeVisible()
    }
    expect(openAnswers()).toHaveLength(0)
  })

  it('opens one answer at a time; pressing the open question closes it', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Faq items={ITEMS} />)

    await user.click(question('Première question ?'))
    expect(question('Première question ?')).toHaveAttribute('aria-expanded', 'true')
    expect(openAnswers()).toHaveLength(1)
    expect(within(openAnswers()[0]!).getByText('Première réponse.')).toBeVisible()
    expect(openAnswers()[0]).toHaveAccessibleName('Première question ?')

    await user.click(question('Troisième question ?'))
    expect(question('Première question ?')).toHaveAttribute('aria-expanded', 'false')
    expect(question('Troisième question ?')).toHaveAttribute('aria-expanded', 'true')
    expect(openAnswers()).toHaveLength(1)
    expect(screen.getByText('Troisième réponse.')).toBeVisible()
    expect(screen.getByText('Première réponse.')).not.toBeVisible()

    await user.click(question('Troisième question ?'))
    expect(openAnswers()).toHaveLength(0)
  })

  it('works with the keyboard', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Faq items={ITEMS} />)
    await user.tab()
    expect(question('Première question ?')).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(question('Première question ?')).toHaveAttribute('aria-expanded', 'true')
    await user.tab()
    expect(question('Deuxième question ?')).toHaveFocus()
    await user.keyboard(' ')
    expect(question('Deuxième question ?')).toHaveAttribute('aria-expanded', 'true')
    expect(question('Première question ?')).toHaveAttribute('aria-expanded', 'false')
  })
})
