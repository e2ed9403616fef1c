/**
 * Doctor page, service page and their reviews pages (issue #7 items 1 and 2), at desktop and mobile (the two
 * Playwright projects): header, tags and 'Not available', profile sections, vouchers and their notice (code 31),
 * reviews pages with sort and 'View more', the service price and telephone rule, structured data, locale flags
 * and axe. Fixtures are chosen from the e2e database as a visitor sees it (support/doctor-fixtures.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { priceView } from '../../src/lib/prices';
import type { DoctorFixtures, LocaleDoctorFixtures } from './support/doctor-fixtures';
import { signIn } from './support/booking';

// Each test opens several built pages and runs axe: more than the default 30 s on a shared machine.
test.describe.configure({ timeout: 120_000 });

let cached: DoctorFixtures | null = null;
async function fixtures(request: APIRequestContext, locale: Locale): Promise<LocaleDoctorFixtures> {
  cached ??= (await (await request.get('/__e2e/doctor-fixtures')).json()) as DoctorFixtures;
  return cached.locales[locale]!;
}

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
const prefix = (l: Locale) => `/${LOCALE_CONFIG[l].prefix}`;
const doctorUrl = (l: Locale, slug: string) => `${prefix(l)}/doctor/${slug}/`;
const serviceUrl = (l: Locale, hospital: string, slug: string) => `${prefix(l)}/hospital/${hospital}/${slug}/`;

/** Every JSON-LD block of the page, parsed (a parse error fails the test). */
async function jsonLd(page: Page): Promise<Record<string, any>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t));
}
const ofType = (blocks: Record<string, any>[], type: string) => blocks.find((b) => b['@type'] === type);

async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The star values of the listed reviews. */
const rates = async (page: Page) => (await page.getByTestId('review').locator('[data-rate]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-rate')))));

for (const locale of ['vi-VN', 'en-PH', 'th-TH'] as const) {
  const cfg = LOCALE_CONFIG[locale];
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params);

  test.describe(`doctor page ${locale}`, () => {
    test('header, tags, profile sections, FAQ accordion, booking card, reviews link, structured data and share image', async ({ page, request }) => {
      const d = (await fixtures(request, locale)).rich;
      const res = await page.goto(doctorUrl(locale, d.slug));
      expect(res?.status()).toBe(200);
      const header = page.getByTestId('doctor-header');
      await expect(header.getByRole('heading', { level: 1 })).toHaveText(d.name);
      const avatar = await page.getByTestId('doctor-avatar').boundingBox();
      expect(Math.round(avatar!.width)).toBe(isMobile(page) ? 64 : 96);
      const tags = page.getByTestId('doctor-tags').getByRole('listitem');
      const expected = [...(d.validOutpatient ? [t('directory.doctor.booking')] : []), ...(d.validTelemedicine ? [t('directory.doctor.telemedicine')] : [])];
      await expect(tags).toHaveText(expected);

      // Each section with data is shown, each without is left out.
      for (const [id, count] of [['faqs', d.faqs], ['publications', d.publications], ['awards', d.awards], ['memberships', d.memberships], ['education', d.education], ['experience', d.experience], ['expertise', d.expertise], ['services', d.services], ['languages', d.languages]] as const) {
        await expect(page.getByTestId(`section-${id}`), id).toHaveCount(count > 0 ? 1 : 0);
      }
      await expect(page.getByTestId('section-glance')).toContainText(d.hospitalName);
      expect(d.faqs + d.publications + d.services).toBeGreaterThan(0);
      if (d.services > 0) await expect(page.getByTestId('doctor-service')).toHaveCount(d.services);
      if (d.publications > 0) await expect(page.getByTestId('section-publications').getByRole('listitem')).toHaveCount(d.publications);
      if (d.faqs > 0) {
        const item = page.getByTestId('section-faqs').locator('details').first();
        const summary = item.locator('summary');
        await expect(item.locator('p')).toBeHidden();
        await summary.focus();
        await page.keyboard.press('Enter');
        await expect(item.locator('p')).toBeVisible();
      }

      // The booking card with its Continue Booking button.
      await expect(page.getByTestId('booking-card')).toBeVisible();
      await expect(page.getByTestId('continue-booking')).toBeVisible();

      // Reviews: the header and the reviews section link to the doctor page plus '/reviews'.
      const reviewsHref = `${doctorUrl(locale, d.slug)}reviews/`;
      await expect(page.getByTestId('see-all-reviews')).toHaveAttribute('href', reviewsHref);
      await expect(page.getByTestId('reviews-link')).toHaveAttribute('href', reviewsHref);

      // Breadcrumb bar with home link; one-locale hreflang; share image.
      const crumbs = page.locator('.breadcrumb-bar');
      await expect(crumbs.getByRole('link').first()).toHaveAttribute('href', `${prefix(locale)}/`);
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText(d.name);
      await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(locale === 'vi-VN' ? 2 : 1);
      await expect(page.locator('link[rel="alternate"]').first()).toHaveAttribute('hreflang', cfg.htmlLang);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `https://${cfg.domain}/api/og-images/doctor/?locale=${locale}&doctorId=${d.id}`);

      const ld = await jsonLd(page);
      const physician = ofType(ld, 'Physician')!;
      expect(physician).toMatchObject({ '@context': 'https://schema.org', name: d.name, url: `https://${cfg.domain}/doctor/${d.slug}/` });
      expect(physician.address['@type']).toBe('PostalAddress');
      expect(physician.hospitalAffiliation).toMatchObject({ '@type': 'Hospital', name: d.hospitalName });
      if (d.publishedReviews > 0) expect(physician.aggregateRating).toMatchObject({ '@type': 'AggregateRating', reviewCount: d.publishedReviews, bestRating: 5 });
      if (d.faqs > 0) expect(ofType(ld, 'FAQPage')!.mainEntity).toHaveLength(d.faqs);
      const breadcrumb = ofType(ld, 'BreadcrumbList')!;
      expect(breadcrumb.itemListElement.at(-1)).toMatchObject({ name: d.name, item: `https://${cfg.domain}/doctor/${d.slug}/` });
      await axeClean(page);
    });

    test("'Not available': the tag, no appointment button and no booking card", async ({ page, request }) => {
      const d = (await fixtures(request, locale)).notAvailable;
      await page.goto(doctorUrl(locale, d.slug));
      await expect(page.getByTestId('doctor-tags').getByRole('listitem')).toHaveText([t('directory.doctor.notAvailable')]);
      await expect(page.getByTestId('not-bookable')).toBeVisible();
      await expect(page.getByTestId('booking-card')).toHaveCount(0);
      await expect(page.getByTestId('continue-booking')).toHaveCount(0);
    });

    test('vouchers: the default badge label, the notice with hotline and e-mail, code 31 only with an online payment method', async ({ page, request }) => {
      const f = await fixtures(request, locale);
      const notice = t('booking.voucherNotice', { hotline: cfg.hotline, email: cfg.email });
      // Telemedicine offers the first online payment method: voucher 31 shows, on the page and on the card's telemedicine mode.
      await page.goto(doctorUrl(locale, f.voucher31Tele!.slug));
      const section = page.getByTestId('section-vouchers');
      await expect(section.locator('[data-code="31"]')).toHaveCount(1);
      await expect(section.locator('[data-code="31"] .bk-voucher')).toHaveText(t('booking.voucherApplicable'));
      await expect(page.getByTestId('voucher-notice')).toHaveText(notice);
      if (locale === 'en-PH') await expect(page.getByTestId('voucher-notice')).toHaveText(`Please contact our hotline ${cfg.hotline} or e-mail ${cfg.email} to get the promotional voucher.`);
      // Without telemedicine the doctor is paid in cash: code 31 is hidden everywhere.
      await page.goto(doctorUrl(locale, f.voucher31NoTele!.slug));
      await expect(page.locator('[data-code="31"]')).toHaveCount(0);
      await expect(page.getByTestId('booking-card')).toBeVisible();
      const badges = page.getByTestId('booking-card').locator('.bk-card').first().getByTestId('voucher-badge');
      const pageVouchers = await page.getByTestId('page-voucher').count();
      await expect(badges).toHaveCount(pageVouchers);
    });

    test('reviews page: summary and breakdown 5 to 1, sort options, first page in the HTML, View more', async ({ page, request }) => {
      const d = (await fixtures(request, locale)).manyReviews;
      expect(d.publishedReviews).toBeGreaterThan(10);
      const url = `${doctorUrl(locale, d.slug)}reviews/`;
      // The first page is in the HTML itself.
      const html = await (await request.get(url)).text();
      expect(html.match(/data-testid="review"/g)?.length).toBe(10);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(d.name);
      await expect(page.getByTestId('rating-breakdown').locator('[data-star]')).toHaveCount(5);
      expect(await page.getByTestId('rating-breakdown').locator('[data-star]').evaluateAll((els) => els.map((e) => e.getAttribute('data-star')))).toEqual(['5', '4', '3', '2', '1']);
      await expect(page.getByTestId('review-count')).toHaveText(t('hospital.rating.reviewsTemplate', { count: d.publishedReviews }));
      await expect(page.getByTestId('review')).toHaveCount(10);
      const sort = page.getByTestId('review-sort');
      await expect(sort.locator('option')).toHaveText(['LOWEST_RATING', 'HIGHEST_RATING', 'RECENT_FIRST', 'OLDEST_FIRST'].map((k) => t(`directory.reviews.sort.${k === 'LOWEST_RATING' ? 'lowestRating' : k === 'HIGHEST_RATING' ? 'highestRating' : k === 'RECENT_FIRST' ? 'recentFirst' : 'oldestFirst'}` as Parameters<typeof translate>[1])));
      await expect(sort).toHaveValue('RECENT_FIRST');
      const answer = page.waitForResponse((r) => r.url().includes(`/api/reviews?doctor_id=${d.id}&sort=LOWEST_RATING&page=1`));
      await sort.selectOption('LOWEST_RATING');
      await answer;
      await expect.poll(async () => { const r = await rates(page); return r.every((v, i) => i === 0 || r[i - 1] <= v); }).toBe(true);
      await page.getByTestId('reviews-view-more').click();
      await expect(page.getByTestId('review')).toHaveCount(Math.min(20, d.publishedReviews));
      const all = await rates(page);
      expect(all).toEqual([...all].sort((a, b) => a - b));
      await expect(page.getByTestId('back-to-profile')).toHaveAttribute('href', doctorUrl(locale, d.slug));
      const ld = await jsonLd(page);
      expect(ofType(ld, 'Physician')!.aggregateRating.reviewCount).toBe(d.publishedReviews);
      expect(ofType(ld, 'BreadcrumbList')!.itemListElement).toHaveLength(3);
      await axeClean(page);
    });

    test("no reviews yet: 'There has been no review yet' on the doctor page and its reviews page", async ({ page, request }) => {
      const d = (await fixtures(request, locale)).noReviews;
      await page.goto(doctorUrl(locale, d.slug));
      await expect(page.getByTestId('section-reviews')).toContainText(t('directory.reviews.empty'));
      expect(ofType(await jsonLd(page), 'Physician')!.aggregateRating).toBeUndefined();
      await page.getByTestId('see-all-reviews').click();
      await expect(page).toHaveURL(new RegExp(`/doctor/${d.slug}/reviews/$`));
      await expect(page.getByTestId('no-reviews')).toHaveText(t('directory.reviews.empty'));
      await expect(page.getByTestId('reviews-view-more')).toHaveCount(0);
    });
  });
}

for (const locale of ['vi-VN', 'th-TH', 'id-ID'] as const) {
  const cfg = LOCALE_CONFIG[locale];
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params);

  test.describe(`service page ${locale}`, () => {
    test('header: logo, name, rating, promoted price with the original struck through, description, booking card, structured data', async ({ page, request }) => {
      const s = (await fixtures(request, locale)).promotedService!;
      const res = await page.goto(serviceUrl(locale, s.hospitalSlug, s.slug));
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.name);
      await expect(page.getByTestId('service-logo')).toBeVisible();
      const view = priceView(locale, { price: s.price, priceTo: s.priceTo, priceType: s.priceType, promotion: s.promotion, currency: cfg.currency });
      await expect(page.getByTestId('final-price')).toHaveText(view.text);
      await expect(page.getByTestId('original-price')).toHaveText(view.originalText!);
      expect(await page.getByTestId('original-price').evaluate((e) => e.tagName)).toBe('S');
      await expect(page.getByTestId('discount')).toHaveText(`-${Math.round(s.promotion!)}%`);
      await expect(page.getByTestId('section-description')).toBeVisible();
      await expect(page.getByTestId('booking-card')).toBeVisible();
      await expect(page.getByTestId('see-all-reviews')).toHaveAttribute('href', `${serviceUrl(locale, s.hospitalSlug, s.slug)}reviews/`);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `https://${cfg.domain}/api/og-images/service/?locale=${locale}&serviceId=${s.id}`);
      await expect(page.locator('.breadcrumb-bar').getByRole('link').first()).toHaveAttribute('href', `${prefix(locale)}/`);

      const ld = await jsonLd(page);
      const service = ofType(ld, 'Service')!;
      expect(service).toMatchObject({ '@context': 'https://schema.org', serviceType: 'MedicalProcedure', name: s.name, url: `https://${cfg.domain}/hospital/${s.hospitalSlug}/${s.slug}/` });
      expect(service.provider['@type']).toBe('MedicalClinic');
      expect(service.offers.priceCurrency).toBe(cfg.currency);
      expect(service.offers['@type'] === 'AggregateOffer' ? service.offers.lowPrice : service.offers.price).toBe(view.amount);
      if (s.publishedReviews > 0) expect(service.aggregateRating.reviewCount).toBe(s.publishedReviews);
      expect(ofType(ld, 'BreadcrumbList')!.itemListElement.at(-1).name).toBe(s.name);
      await axeClean(page);
    });

    test('telephone link: none for a visitor (Login To Call starts the login return flow), active once logged in', async ({ page, request }) => {
      const s = (await fixtures(request, locale)).promotedService!;
      const url = serviceUrl(locale, s.hospitalSlug, s.slug);
      await page.goto(url);
      const phone = page.getByTestId('service-phone');
      await expect(phone.locator('a[href^="tel:"]')).toHaveCount(0);
      await expect(phone.getByRole('button', { name: t('directory.phone.loginToCall') })).toBeVisible();
      await expect(phone).not.toContainText(s.phone!);
      await phone.getByRole('button', { name: t('directory.phone.loginToCall') }).click();
      await page.waitForURL(/\/login\//);
      const login = new URL(page.url());
      expect(login.pathname).toBe(`${prefix(locale)}/login/`);
      expect(login.searchParams.get('source')).toBe('care_phone');
      expect(login.searchParams.get('returnUrl')).toBe(url);

      await signIn(page, 'patient');
      await page.goto(url);
      const call = page.getByTestId('service-phone-call');
      await expect(call).toHaveAttribute('href', `tel:${s.phone!.trim().startsWith('+') ? '+' : ''}${s.phone!.replace(/\D/g, '')}`);
      await expect(page.getByTestId('service-phone')).toContainText(s.phone!);
    });

    test('service reviews page: breakdown, sort and View more from the review list call', async ({ page, request }) => {
      const s = (await fixtures(request, locale)).manyReviewsService!;
      expect(s.publishedReviews).toBeGreaterThan(10);
      const url = `${serviceUrl(locale, s.hospitalSlug, s.slug)}reviews/`;
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.name);
      await expect(page.getByTestId('rating-breakdown').locator('[data-star]')).toHaveCount(5);
      await expect(page.getByTestId('review')).toHaveCount(10);
      const answer = page.waitForResponse((r) => r.url().includes(`/api/reviews?service_id=${s.id}&sort=HIGHEST_RATING&page=1`));
      await page.getByTestId('review-sort').selectOption('HIGHEST_RATING');
      await answer;
      await expect.poll(async () => { const r = await rates(page); return r.every((v, i) => i === 0 || r[i - 1] >= v); }).toBe(true);
      await page.getByTestId('reviews-view-more').click();
      await expect(page.getByTestId('review')).toHaveCount(Math.min(20, s.publishedReviews));
      const all = await rates(page);
      expect(all).toEqual([...all].sort((a, b) => b - a));
      await expect(page.getByTestId('back-to-service')).toHaveAttribute('href', serviceUrl(locale, s.hospitalSlug, s.slug));
      expect(ofType(await jsonLd(page), 'Service')!.aggregateRating.reviewCount).toBe(s.publishedReviews);
      await axeClean(page);
    });
  });
}

test('pages exist only where the locale flags allow doctor and service listings; the review list call takes one subject', async ({ request }) => {
  cached ??= (await (await request.get('/__e2e/doctor-fixtures')).json()) as DoctorFixtures;
  const { zhTwDoctor, enPhService } = cached.unlisted;
  // zh-TW has no doctor listings, en-PH no service listings (SPEC §1): neither the page nor its reviews page.
  for (const path of [`/zh-tw/doctor/${zhTwDoctor.slug}/`, `/zh-tw/doctor/${zhTwDoctor.slug}/reviews/`, `/en-ph/hospital/${enPhService.hospitalSlug}/${enPhService.slug}/`, `/en-ph/hospital/${enPhService.hospitalSlug}/${enPhService.slug}/reviews/`]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  const vi = await fixtures(request, 'vi-VN');
  expect((await request.get(doctorUrl('vi-VN', vi.rich.slug))).status()).toBe(200);
  expect((await request.get('/api/reviews?sort=RECENT_FIRST')).status()).toBe(422);
  expect((await request.get(`/api/reviews?doctor_id=${vi.rich.id}&service_id=1`)).status()).toBe(422);
  expect((await request.get('/api/reviews?doctor_id=999999999')).status()).toBe(404);
  const ok = await (await request.get(`/api/reviews?doctor_id=${vi.manyReviews.id}&sort=OLDEST_FIRST&page=2`)).json();
  expect(ok._data.pagination).toMatchObject({ currentPage: 2, totalItems: vi.manyReviews.publishedReviews });
  expect(ok._data.reviews.every((r: { doctor: { slug: string } }) => r.doctor.slug === vi.manyReviews.slug)).toBe(true);
});
