/** Props shared by the hospital page's islands. */
export interface CardLabels {
  searchServices: string;
  searchDoctors: string;
  searchHint: string;
  noResults: string;
  loading: string;
  bookService: string;
  bookDoctor: string;
  /** '{count} reviews' */
  reviews: string;
  prevPage: string;
  nextPage: string;
  /** 'Page {page} of {last}' */
  pageOf: string;
  /** '{count} results' */
  results: string;
  error: string;
}

export interface ReviewLabels {
  sortBy: string;
  count: string;
  viewMore: string;
  empty: string;
  today: string;
  yesterday: string;
  /** 'Last {days} days' */
  lastDays: string;
  /** 'Rated {rate} out of 5' */
  ratedOf: string;
  /** 'Doctor: {name}' */
  doctor: string;
  service: string;
  loading: string;
  error: string;
}

export interface ListPage<T> { items: T[]; page: number; lastPage: number; totalItems: number }

/** Fills {name} placeholders of an already translated label. */
export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, k: string) => (k in params ? String(params[k]) : whole));
}
