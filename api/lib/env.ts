import type { Config } from '../config';
import type { Db } from '../db/client';
import type { UserRow } from '../services/auth';
import type { Clock } from './clock';

export interface Deps {
  db: Db;
  config: Config;
  clock: Clock;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    user: UserRow | null;
    token: string | null;
  };
}
