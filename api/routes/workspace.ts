import { Hono } from 'hono';
import type { AppEnv, Deps } from '../lib/env';

export function workspaceRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
