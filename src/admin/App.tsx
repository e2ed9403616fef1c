/**
 * The admin app: one client:only React island (src/pages/admin/[...path].astro). Loads the admin strings of the
 * language, then renders the data router with TanStack Query and the notifications around it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError, setSessionExpiredHandler } from './api';
import { adminLocale, I18nProvider, loadCatalogue, translatorFor, type Translator } from './i18n';
import { NotificationsProvider } from './kit/Notifications';
import { routes } from './routes';
import './admin.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A failed call is retried once, unless the server refused it (4xx, session expired).
      retry: (count, err) => count < 1 && !(err instanceof ApiError && (err.status === 5 || (err.httpStatus >= 400 && err.httpStatus < 500))),
      refetchOnWindowFocus: false,
    },
  },
});

const router = createBrowserRouter(routes);
setSessionExpiredHandler((href) => {
  queryClient.clear();
  const { pathname, search } = router.state.location;
  if (href !== `${pathname}${search}`) void router.navigate(href, { replace: true });
});

export default function App() {
  const [translator, setTranslator] = useState<Translator | null>(null);
  useEffect(() => {
    const locale = adminLocale();
    document.documentElement.lang = locale;
    void loadCatalogue(locale).then((c) => setTranslator(translatorFor(locale, c)));
  }, []);
  if (!translator) return <div className="spinner-block" aria-busy="true" />;
  return (
    <I18nProvider value={translator}>
      <QueryClientProvider client={queryClient}>
        <NotificationsProvider>
          <RouterProvider router={router} />
        </NotificationsProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
