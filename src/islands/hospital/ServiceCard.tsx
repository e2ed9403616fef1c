/** Service card (SPEC §2): name, price, promotion badge, rating, 'Book Service'. */
import type { ServiceCardModel } from '../../lib/hospital-cards';
import { imageSrc } from '../../lib/images';
import { fill, type CardLabels } from './types';

export default function ServiceCard({ service: s, labels }: { service: ServiceCardModel; labels: CardLabels }) {
  return (
    <article className="service-card" data-testid="service-card">
      <img className="service-logo" src={imageSrc(s.logo, 64)} width={64} height={64} alt="" loading="lazy" decoding="async" />
      <div className="service-body">
        <h3 className="card-title"><a href={s.href}>{s.name}</a></h3>
        {s.description && <p className="muted clamp-2">{s.description}</p>}
        {s.rating && <p className="small"><span aria-hidden="true" className="star">★</span> {s.rating} · {fill(labels.reviews, { count: s.totalReviews }, labels.plural)}</p>}
        <div className="service-foot">
          {s.priceText && (
            <p className="price" data-testid="price">
              <strong>{s.priceText}</strong>
              {s.originalPriceText && <s className="muted">{s.originalPriceText}</s>}
              {s.discountPercent > 0 && <span className="promo-pill">-{s.discountPercent}%</span>}
            </p>
          )}
          {s.canBook && <a className="button button-primary button-small" href={s.href}>{labels.bookService}</a>}
        </div>
      </div>
    </article>
  );
}
