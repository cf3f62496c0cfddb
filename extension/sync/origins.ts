// Relative imports: wxt.config.ts reads these origins for the host permissions, and loads this file
// without the '@shared' alias.
import { atcoderFacts } from '../../shared/platforms/atcoder';
import { codechefFacts } from '../../shared/platforms/codechef';
import { codeforcesFacts } from '../../shared/platforms/codeforces';
import { csesFacts } from '../../shared/platforms/cses';
import { geeksforgeeksFacts } from '../../shared/platforms/geeksforgeeks';
import { hackerrankFacts } from '../../shared/platforms/hackerrank';
import { leetcodeFacts } from '../../shared/platforms/leetcode';
import { spojFacts } from '../../shared/platforms/spoj';

/**
 * Where history requests go, by name, from each judge's facts file. Problem URLs in the output are always
 * the judges' canonical ones; only the hosts asked for data change, so tests and a local fake judge can
 * stand in for the real ones.
 */
export const SYNC_ORIGINS = {
  leetcode: leetcodeFacts.origins.site,
  codeforces: codeforcesFacts.origins.site,
  /** AtCoder itself has no history API: AtCoder Problems mirrors every submission (its readers add the path). */
  atcoderProblems: new URL(atcoderFacts.origins.atcoderProblems).origin,
  codechef: codechefFacts.origins.site,
  cses: csesFacts.origins.site,
  /** GeeksforGeeks' profile page reads its solved list from its API host, not its site. */
  geeksforgeeksApi: geeksforgeeksFacts.origins.api,
  hackerrank: hackerrankFacts.origins.site,
  spoj: spojFacts.origins.site,
} as const;

export type SyncOriginName = keyof typeof SYNC_ORIGINS;
export type SyncOrigins = Readonly<Record<SyncOriginName, string>>;
