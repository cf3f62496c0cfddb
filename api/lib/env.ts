import type { UserRow } from './session-user';

export interface AppEnv {
  Variables: {
    requestId: string;
    user: UserRow | null;
    token: string | null;
    /** Taken when the request began, before any read (see MemoryCaches.ticket). */
    readTicket: number;
  };
}
