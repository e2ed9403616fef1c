/** Public doctor card (SPEC §2, §4): avatar, name and specialties link to the doctor page; tags; price. */
import type { DoctorCardModel } from '../../lib/hospital-cards';
import { DEFAULT_AVATAR, imageSrc } from '../../lib/images';
import { fill, type CardLabels } from './types';

export default function DoctorCard({ doctor: d, labels, compact = false }: { doctor: DoctorCardModel; labels: CardLabels; compact?: boolean }) {
  const ext = d.external ? { target: '_blank', rel: 'noopener' } : {};
  return (
    <article className={`doctor-card${compact ? ' compact' : ''}`} data-testid="doctor-card">
      <a href={d.href} {...ext} className="doctor-avatar" tabIndex={-1} aria-hidden="true">
        <img src={imageSrc(d.avatar, 80, DEFAULT_AVATAR)} width={80} height={80} alt="" loading="lazy" decoding="async" />
      </a>
      <div className="doctor-body">
        <h3 className="card-title"><a href={d.href} {...ext}>{d.name}</a></h3>
        {d.specialties && <p className="muted clamp-2"><a href={d.href} {...ext} className="quiet">{d.specialties}</a></p>}
        {d.provideCare && !compact && <p className="muted small">{d.provideCare}</p>}
        <p className="tags">
          {d.tags.map((t) => (
            <span key={t.kind} className={`tag tag-${t.kind}`} data-testid={`tag-${t.kind}`}>{t.label}</span>
          ))}
        </p>
        {d.rating && <p className="small"><span aria-hidden="true" className="star">★</span> {d.rating} · {fill(labels.reviews, { count: d.totalReviews }, labels.plural)}</p>}
        {d.priceText && (
          <p className="price" data-testid="price">
            <strong>{d.priceText}</strong>
            {d.originalPriceText && <s className="muted">{d.originalPriceText}</s>}
          </p>
        )}
        {d.available && !compact && <a className="button button-primary button-small" href={d.href} {...ext}>{labels.bookDoctor}</a>}
      </div>
    </article>
  );
}
