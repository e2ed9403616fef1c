/**
 * Services, Doctors and Reviews tabs (SPEC §2, §7, §9; issue #5 items 5 and 6): debounced search from 3
 * characters, 20 skeletons, 'No results', paging calls, review breakdown, sort options, View more, dates.
 */
import { expect, test } from '@playwright/test';
import { type Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { hospitalFixtures, hospitalPath } from './support/hospitals';

test.describe('services and doctors tabs', () => {
  test('vi-VN services: opening the tab loads the list; search waits 300 ms and 3 characters; No results', async ({ page, request }) => {
    const { rich, noServices } = (await hospitalFixtures(request))['vi-VN'];
    const calls: string[] = [];
    // The first answer is held until the skeletons have been seen, so the check cannot race the network.
    let release!: () => void;
    const firstAnswerHeld = new Promise<void>((r) => (release = r));
    await page.route('**/api/hospital-branch/services**', async (route) => {
      calls.push(route.request().url());
      expect(route.request().headers()['accept']).toContain('version=2.0.0');
      if (calls.length === 1) await firstAnswerHeld;
      await route.continue();
    });
    await page.goto(hospitalPath('vi-VN', rich.slug));
    await page.getByRole('tab', { name: translate('vi-VN', 'directory.tab.services', { count: rich.services }) }).click();
    // 20 skeletons while the first page loads (the doctors panel, hidden and not yet hydrated, holds its own).
    await expect(page.locator('#panel-services').getByTestId('skeleton')).toHaveCount(20);
    await expect(page.locator('#panel-services').getByTestId('skeleton').first()).toBeVisible();
    release();
    await expect(page.getByTestId('service-card')).toHaveCount(rich.services);
    const first = await page.getByTestId('service-card').first().locator('h3').textContent();
    const search = page.getByTestId('services-search');
    calls.length = 0;
    await search.fill(first!.slice(0, 2));
    await page.waitForTimeout(700);
    expect(calls).toEqual([]);
    await search.fill(first!.slice(0, 4));
    await expect.poll(() => calls.length).toBe(1);
    expect(new URL(calls[0]).searchParams.get('keyword')).toBe(first!.slice(0, 4));
    expect(new URL(calls[0]).searchParams.get('page')).toBe('1');
    await expect(page.getByTestId('service-card').first()).toContainText(first!.slice(0, 4));
    await search.fill('zzzzqqq');
    await expect(page.getByTestId('no-results')).toHaveText(translate('vi-VN', 'directory.noResults'));

    // A hospital without services: Services (0) and 'No results'.
    await page.goto(hospitalPath('vi-VN', noServices.slug, 'services'));
    await expect(page.getByRole('tab', { name: translate('vi-VN', 'directory.tab.services', { count: 0 }) })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('no-results')).toHaveText(translate('vi-VN', 'directory.noResults'));
  });

  for (const locale of ['vi-VN', 'en-PH'] as Locale[]) {
    test(`${locale} doctors: cards with availability tags and prices; partner-group doctors show no price`, async ({ page, request }) => {
      const { rich, partner } = (await hospitalFixtures(request))[locale];
      await page.goto(hospitalPath(locale, rich.slug, 'doctors'));
      const cards = page.locator('#panel-doctors').getByTestId('doctor-card');
      await expect(cards).toHaveCount(rich.doctors);
      await expect(cards.first().locator('h3 a')).toHaveAttribute('href', /\/doctor\/[a-z0-9-]+\/$/);
      const tagTexts = await page.locator('#panel-doctors .tag').allTextContents();
      const labels = ['directory.doctor.booking', 'directory.doctor.telemedicine', 'directory.doctor.notAvailable'].map((k) => translate(locale, k as never));
      expect(tagTexts.every((x) => labels.includes(x))).toBe(true);
      const search = page.getByTestId('doctors-search');
      await search.fill(rich.aDoctorName.slice(-5));
      await expect(cards.first()).toContainText(rich.aDoctorName.slice(-5));

      await page.goto(hospitalPath(locale, partner.slug, 'doctors'));
      const partnerCard = page.locator('#panel-doctors').getByTestId('doctor-card').filter({ hasText: partner.partnerDoctor });
      await expect(partnerCard).toHaveCount(1);
      await expect(partnerCard.getByTestId('price')).toHaveCount(0);
    });
  }

  test('the doctor list call pages and answers the envelope', async ({ request }) => {
    const { rich } = (await hospitalFixtures(request))['vi-VN'];
    const res = await request.get(`/api/hospital-branch/doctors?id=${rich.id}&page=1`);
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body._status).toBe(1);
    expect(body._data.doctors).toHaveLength(rich.doctors);
    expect(body._data.pagination.last).toBe(1);
    const sorted = await (await request.get(`/api/hospital-branch/doctors?id=${rich.id}&sort_by=id&sort=asc`)).json();
    const ids = sorted._data.doctors.map((d: { id: number }) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const bad = await request.get('/api/hospital-branch/doctors?id=abc');
    expect(bad.status()).toBe(422);
    expect((await bad.json())._status).toBe(-1);
  });
});

test.describe('reviews tab', () => {
  for (const locale of ['vi-VN', 'en-PH', 'zh-TW'] as Locale[]) {
    test(`${locale}: breakdown 5 to 1, published reviews only, sort options, View more`, async ({ page, request }) => {
      const { rich } = (await hospitalFixtures(request))[locale];
      expect(rich.allReviews).toBeGreaterThan(rich.publishedReviews);
      await page.goto(hospitalPath(locale, rich.slug, 'reviews'));
      const rows = page.getByTestId('rating-breakdown').locator('.bars li');
      await expect(rows).toHaveCount(5);
      await expect(rows.first()).toContainText(translate(locale, 'hospital.reviews.stars', { star: 5 }));
      await expect(rows.last()).toContainText(translate(locale, 'hospital.reviews.stars', { star: 1 }));
      const pcts = (await rows.locator('.pct').allTextContents()).map((p) => Number(p.replace('%', '')));
      expect(pcts.reduce((a, b) => a + b, 0)).toBe(100);
      await expect(page.getByTestId('review-count')).toHaveText(translate(locale, 'hospital.rating.reviewsTemplate', { count: rich.publishedReviews }));
      // Interact once the island has hydrated (Astro drops the ssr attribute then). client:idle waits for the
      // browser's first idle moment, which three workers on two cores can put off for seconds.
      await expect(page.locator('#panel-reviews astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
      const sort = page.getByTestId('review-sort');
      await expect(sort).toHaveValue('RECENT_FIRST');
      expect(await sort.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual(['LOWEST_RATING', 'HIGHEST_RATING', 'RECENT_FIRST', 'OLDEST_FIRST']);
      const reviews = page.getByTestId('review');
      await expect(reviews).toHaveCount(10);
      // Dates: Today, Yesterday, 'Last N days' (up to 7) or the full date.
      const dateRe = new RegExp(`^(${translate(locale, 'directory.reviews.today')}|${translate(locale, 'directory.reviews.yesterday')}|${translate(locale, 'directory.reviews.lastDays', { days: 9 }).replace('9', '[2-7]')}|.*\\d.*)$`);
      for (const d of await page.getByTestId('review-date').allTextContents()) expect(d).toMatch(dateRe);

      const wait = page.waitForResponse((r) => r.url().includes('/api/reviews') && r.url().includes('sort=LOWEST_RATING'));
      await sort.selectOption('LOWEST_RATING');
      await wait;
      const rates = () => reviews.locator('[data-rate]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-rate'))));
      await expect.poll(async () => { const r = await rates(); return r.join() === [...r].sort((a, b) => a - b).join(); }).toBe(true);
      await page.getByTestId('reviews-view-more').click();
      await expect(reviews).toHaveCount(Math.min(20, rich.publishedReviews));
    });
  }

  test('a hospital without reviews: Reviews (0) and There has been no review yet', async ({ page, request }) => {
    const { noReviews } = (await hospitalFixtures(request))['en-PH'];
    await page.goto(hospitalPath('en-PH', noReviews.slug));
    await expect(page.getByTestId('rating-summary')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Reviews (0)' }).click();
    await expect(page.getByTestId('no-reviews')).toHaveText('There has been no review yet');
  });
});
