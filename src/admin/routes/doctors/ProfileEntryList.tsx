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
