/**
 * The queries a server-rendered page was rendered from, filled before the first render on the
 * server and in the browser alike (entry-server.tsx, main.tsx): the landing page's catalog
 * answers, and on a product page its first page of reviews.
 */
import type { QueryClient } from '@tanstack/react-query';
import { landingPageOf } from '@repo/shared/rules';
import { seedLandingPage } from '@/features/catalog/api/seed-landing-page';
import { seedFirstReviews } from '@/features/reviews/api/get-reviews';
import { productQueryOptions } from '@/lib/api/get-product';

export async function seedPage(
  client: QueryClient,
  url: URL,
  answers: Record<string, unknown>,
): Promise<void> {
  await seedLandingPage(client, url, answers);
  const landing = landingPageOf(url.pathname);
  if (landing?.page !== 'product' || landing.slug === null) return;
  const product = client.getQueryData(productQueryOptions(landing.slug).queryKey);
  if (product?.Aproduct) await seedFirstReviews(client, product.Aproduct._id, answers);
}
