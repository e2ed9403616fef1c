/**
 * Log out (header menu, login page, account pages): the Supabase session ended (the client loads only now), then
 * everything the site kept in the browser removed whatever the network did, and the store says visitor.
 */
import { $session, clearSiteStorage } from './session-store';

export async function logOut(): Promise<void> {
  try {
    const { supabase } = await import('../islands/supabase');
    await (await supabase()).auth.signOut({ scope: 'local' });
  } catch {
    /* offline: the local session is removed below all the same */
  }
  clearSiteStorage();
  $session.set({ status: 'visitor' });
}
