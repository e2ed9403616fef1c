/** One profile section (experience, education, awards…) as the detail screen and the form's preview show it. */
import type { ProfileEntry } from '../../../lib/doctor-profile';

export function ProfileEntryList({ title, entries, className }: { title: string; entries: ProfileEntry[]; className?: string }) {
  if (!entries.length) return null;
  return (
    <div className={className}>
      <h3>{title}</h3>
      <ul>
        {entries.map((e, i) => (
          <li key={i}>
            {e.year ? `${e.year} · ` : ''}
            {e.content}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The FAQ section, as the detail screen and the form's preview show it. */
export function FaqList({ title, faqs, className }: { title: string; faqs: { question: string; answer: string }[]; className?: string }) {
  if (!faqs.length) return null;
  return (
    <div className={className}>
      <h3>{title}</h3>
      <dl>
        {faqs.map((f, i) => (
          <div key={i}>
            <dt>{f.question}</dt>
            <dd>{f.answer}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
