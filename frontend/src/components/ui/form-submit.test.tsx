import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { minLength, object, string } from 'zod/mini'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { FORM_HAS_ERRORS, useZodForm } from '@/lib/form'
import { Button } from './button'
import { TextField } from './form-field'
import { FormActions, RefusalAlert, SubmitButton } from './form-submit'

const schema = object({ email: string().check(minLength(1, "L'email est requis")) })

/** A form of one field whose submit runs `send`; a failure is `refuse`d with the form's defaults. */
function DemoForm({ send, pending = false, disabled = false }: { send: (email: string) => Promise<unknown>; pending?: boolean; disabled?: boolean }) {
  const form = useZodForm(schema, { email: '' })
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await send(email)
    } catch (failure) {
      form.refuse(failure)
    }
  })
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Démo">
      <RefusalAlert refusal={form.refusal}>{form.refusal?.code === 'dead_link' ? ' Lien mort.' : null}</RefusalAlert>
      <TextField label="Email" {...form.field('email')} />
      <FormActions
        form={form}
        pending={pending}
        disabled={disabled}
        className="actions"
        before={<Button variant="secondary">Annuler</Button>}
        label="Envoyer"
        pendingLabel="Envoi…"
      >
        <Button variant="ghost">Aide</Button>
      </FormActions>
    </form>
  )
}

const submit = () => screen.getByRole('button', { name: /Envoyer|Envoi…/ })
const email = () => screen.getByRole('textbox', { name: 'Email' })

describe('SubmitButton', () => {
  const idle = { isSubmitting: false, hasVisibleErrors: false }

  it('is a submit button with its label, enabled when nothing is in the way', () => {
    render(<SubmitButton form={idle} label="Se connecter" pendingLabel="Connexion…" />)
    const button = screen.getByRole('button', { name: 'Se connecter' })
    expect(button).toHaveAttribute('type', 'submit')
    expect(button).toBeEnabled()
    expect(button).not.toHaveAttribute('aria-busy')
  })

  it.each([
    ['the form is submitting', { form: { isSubmitting: true, hasVisibleErrors: false } }],
    ['the request is still pending', { form: idle, pending: true }],
  ])('says its pending label, busy and disabled, while %s', (_, props) => {
    render(<SubmitButton {...props} label="Se connecter" pendingLabel="Connexion…" />)
    const button = screen.getByRole('button', { name: 'Connexion…' })
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('aria-busy', 'true')
  })

  it('is disabled while a field shows an error, or when the form says so', () => {
    const { rerender } = render(<SubmitButton form={{ isSubmitting: false, hasVisibleErrors: true }} label="Envoyer" pendingLabel="Envoi…" />)
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeDisabled()
    rerender(<SubmitButton form={idle} disabled label="Envoyer" pendingLabel="Envoi…" />)
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeDisabled()
  })
})

describe('FormActions and RefusalAlert with useZodForm', () => {
  it('lays out before, the submit button, then the rest, in the row', () => {
    render(<DemoForm send={vi.fn()} />)
    const row = submit().parentElement!
    expect(row).toHaveClass('actions')
    expect(within(row).getAllByRole('button').map((button) => button.textContent)).toEqual(['Annuler', 'Envoyer', 'Aide'])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says "Veuillez corriger…" after a submit with errors, and sends nothing', async () => {
    const user = userEvent.setup()
    const send = vi.fn()
    render(<DemoForm send={send} />)
    await user.click(submit())
    expect(screen.getByText(FORM_HAS_ERRORS)).toBeVisible()
    expect(screen.getByText("L'email est requis")).toBeVisible()
    expect(submit()).toBeDisabled()
    expect(send).not.toHaveBeenCalled()
    await user.type(email(), 'awa@example.sn')
    expect(screen.queryByText(FORM_HAS_ERRORS)).not.toBeInTheDocument()
    expect(submit()).toBeEnabled()
  })

  it('shows the pending label while the submit runs, then the server’s sentence above the form', async () => {
    const user = userEvent.setup()
    let refuse: (error: unknown) => void = () => {}
    const send = vi.fn(() => new Promise((_, reject) => (refuse = reject)))
    render(<DemoForm send={send} />)
    await user.type(email(), 'awa@example.sn')
    await user.click(submit())
    expect(submit()).toHaveTextContent('Envoi…')
    expect(submit()).toBeDisabled()
    refuse(new ApiError(429, 'too_many_requests', 'Trop de tentatives. Réessayez dans une minute.'))
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de tentatives. Réessayez dans une minute.')
    expect(submit()).toHaveTextContent('Envoyer')
    expect(submit()).toBeEnabled()
  })

  it('puts the fields on their fields and says the sentence once: not above when a field says it', async () => {
    const user = userEvent.setup()
    const taken = 'Cet email est déjà utilisé'
    const send = vi.fn().mockRejectedValue(new ApiError(409, 'email_taken', taken, { email: taken }))
    render(<DemoForm send={send} />)
    await user.type(email(), 'awa@example.sn')
    await user.click(submit())
    expect(await screen.findByText(taken)).toBeVisible()
    expect(screen.getAllByText(taken)).toHaveLength(1)
    expect(email()).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('a field the form does not have is not a reason to keep the sentence from the top', async () => {
    const user = userEvent.setup()
    const send = vi.fn().mockRejectedValue(new ApiError(400, 'validation', 'Données invalides', { other: 'Données invalides' }))
    render(<DemoForm send={send} />)
    await user.type(email(), 'awa@example.sn')
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent('Données invalides')
  })

  it('adds what the form adds after the sentence, by the refusal’s code, and a new submit clears it', async () => {
    const user = userEvent.setup()
    const send = vi.fn().mockRejectedValueOnce(new ApiError(400, 'dead_link', 'Ce lien ne sert plus.')).mockResolvedValueOnce(undefined)
    render(<DemoForm send={send} />)
    await user.type(email(), 'awa@example.sn')
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce lien ne sert plus. Lien mort.')
    await user.click(submit())
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(send).toHaveBeenCalledTimes(2)
  })

  it('anything but an ApiError reads as the generic sentence', async () => {
    const user = userEvent.setup()
    render(<DemoForm send={vi.fn().mockRejectedValue(new TypeError('boom'))} />)
    await user.type(email(), 'awa@example.sn')
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent("Une erreur s'est produite")
  })

  it('the row’s submit follows pending and disabled from the caller', () => {
    const { rerender } = render(<DemoForm send={vi.fn()} pending />)
    expect(submit()).toHaveTextContent('Envoi…')
    rerender(<DemoForm send={vi.fn()} disabled />)
    expect(submit()).toHaveTextContent('Envoyer')
    expect(submit()).toBeDisabled()
  })
})
