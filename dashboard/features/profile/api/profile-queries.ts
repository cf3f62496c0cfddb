import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@shared/schemas/profile';
import { api, ApiError, unwrap } from '../../../lib/api';

export const profileKeys = {
  all: ['profile'] as const,
  byName: (profileName: string, token: string | null) => ['profile', profileName, token] as const,
};

export const profileQuery = (profileName: string, token: string | null) =>
  queryOptions({
    queryKey: profileKeys.byName(profileName, token),
    queryFn: async (): Promise<Profile> => (await unwrap(api['question-tracker'].v1.profile[':profileName'].$get({ param: { profileName } }))).profile,
    // A missing profile is an answer, not a failure worth retrying.
    retry: (count, err) => count < 3 && !(err instanceof ApiError && err.code >= 400 && err.code < 500),
  });
