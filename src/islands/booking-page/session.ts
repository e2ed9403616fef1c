/**
 * The booking page's signed-in session: the site's one session store (src/scripts/session-store), as the header
 * and the booking card read it; the access token is the stored one while fresh, refreshed by the client only then.
 */
export { sessionAccessToken as accessToken } from '../../scripts/session-store';
