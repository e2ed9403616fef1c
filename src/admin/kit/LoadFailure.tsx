import { useCallback } from 'react';
import { failureMessage } from '../../lib/admin-rules';
import { ApiError } from '../api';
import { useT } from '../i18n';
import { NotFoundPage } from '../shell/pages';

/** The words of a failed call: its first server message, else 'An error occurred!' (SPEC §8), in the admin's language. */
export function useErrorText(): (error: unknown) => string {
  const { tm } = useT();
  return useCallback((error: unknown) => tm(failureMessage(error instanceof ApiError ? error.messages : null)), [tm]);
}

/** What a screen shows when its data could not load: the not-found page when what it asked for does not exist. */
export function LoadFailure({ error }: { error: unknown }) {
  const errorText = useErrorText();
  if (error instanceof ApiError && error.httpStatus === 404) return <NotFoundPage />;
  return (
    <p className="alert alert-danger" role="alert">
      {errorText(error)}
    </p>
  );
}
