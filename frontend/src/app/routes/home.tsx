import { FeaturedProducts, NewArrivals, Promotions } from '@/features/catalog/components/home-product-sections'
import { CategoryGrid } from '@/features/home/components/category-grid'
import { HeroCarousel } from '@/features/home/components/hero-carousel'
import { PhilosophySection } from '@/features/home/components/philosophy-section'
import { usePageMeta } from '@/lib/seo'
import { shop } from '@/lib/shop'

export default function HomeRoute() {
  usePageMeta({})
  return (
    <>
      <h1 className="visually-hidden">{shop.name} : mode urbaine à Dakar</h1>
      <HeroCarousel />
      <CategoryGrid />
      <FeaturedProducts />
      <NewArrivals />
      <PhilosophySection />
      <Promotions />
    </>
  )
}
