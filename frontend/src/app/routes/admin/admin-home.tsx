/** Placeholder until the admin issues fill /admin/dashboard and the rest. */
export default function AdminHome() {
  return (
    <section>
      <h1>Administration</h1>
      <p>Bienvenue dans l’espace d’administration. Choisissez une rubrique dans le menu.</p>
    </section>
  )
}
