/**
 * localStorage key under which supabase-js keeps the visitor's session: the same for every island, the login
 * page and the pages' small scripts (which read it without loading the client).
 */
export const SESSION_STORAGE_KEY = 'care-auth-token';
