import { useState, type FormEvent } from 'react'
import { includes, minLength, object, safeParse, string, trim } from 'zod/mini'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { errorMessage } from '@/lib/api-client'
import { useSubscribeToNewsletter } from '../api/subscribe'
import styles from './newsletter-form.module.css'

const INVALID_EMAIL = 'Veuillez entrer une adresse email valide'
export const NEWSLETTER_SUCCESS = 'Merci de vous être inscrit à notre newsletter!'

// Non-empty and containing '@'; the server checks the rest.
const newsletterSchema = object({
  email: string().check(trim(), minLength(1, INVALID_EMAIL), includes('@', INVALID_EMAIL)),
})

export function NewsletterForm() {
  const [email, setEmail] = useState('')
  const toast = useToast()
  const subscribe = useSubscribeToNewsletter()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (subscribe.isPending) return
    const parsed = safeParse(newsletterSchema, { email })
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? INVALID_EMAIL)
      return
    }
    subscribe.mutate(parsed.data.email, {
      onSuccess: () => {
        toast.success(NEWSLETTER_SUCCESS)
        setEmail('')
      },
      onError: (error) => toast.error(errorMessage(error)),
    })
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <h2 className={styles.title} id="newsletter-title">Newsletter</h2>
      <p className={styles.text}>Nouveautés, drops et offres en avant-première, directement dans votre boîte mail.</p>
      <div className={styles.row}>
        <label htmlFor="newsletter-email" className="visually-hidden">Adresse email</label>
        <input
          id="newsletter-email"
          className={styles.input}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          placeholder="Votre adresse email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="light" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Envoi…' : "S'inscrire"}
        </Button>
      </div>
    </form>
  )
}
