/** Solution exports (GitHub, zip, Anki): names, limits and the messages a user sees. */
import { githubFacts } from '../platforms/github';

export const EXPORT_MESSAGES = {
  badOwner: 'Enter the repository owner: the user or organisation name on GitHub.',
  badRepo: `Enter the repository name, as in ${new URL(githubFacts.origins.site).host}/owner/name.`,
  badBranch: 'Enter a branch name such as main.',
  badToken: 'Paste a GitHub token: a fine-grained personal access token starts with github_pat_.',
  tokenNeeded: 'Paste a token for this repository.',
  notConnected: 'No GitHub repository is connected.',
  connected: 'Repository connected',
  disconnected: 'Repository disconnected; its token is deleted.',
  tokenRefused: 'GitHub refused this token: it may be expired or revoked.',
  repoNotFound: 'GitHub found no such repository for this token. Check the owner and name, and give the token access to it.',
  cannotWrite: 'This token can read the repository but not write to it: give it the Contents permission with Read and write.',
  githubDown: 'GitHub did not answer. Try again in a few minutes.',
  rateLimited: 'GitHub asked to slow down. Try again in a few minutes.',
  runStarted: 'Export started',
  runAlready: 'An export is already running',
  keyMissing: 'Exports to GitHub are off on this server: it has no SECRETS_KEY.',
  tokenUnreadable: 'The saved token cannot be read with this server key. Connect the repository again.',
  // Said by the dashboard alone, when the server gave no words of its own.
  unreachable: 'GitHub could not be reached. Try again.',
  settingsFailed: 'Could not save the export settings',
  runFailed: 'Could not start the export',
  disconnectFailed: 'Could not disconnect the repository',
  downloadFailed: 'The download failed. Try again.',
  downloadRefused: (status: number) => `The download failed (${status}). Try again.`,
} as const;

/** The states of an export run, as the API reports them. */
export const EXPORT_RUN_STATES = ['queued', 'running', 'waiting', 'done', 'failed'] as const;
export type ExportRunState = (typeof EXPORT_RUN_STATES)[number];
