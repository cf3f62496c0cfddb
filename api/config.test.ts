import { describe, expect, it } from 'vitest';
import { configWarnings, loadConfig } from './config';

describe('configWarnings', () => {
  it('warns when e-mail is on and its links have no configured address', () => {
    const warnings = configWarnings(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('PUBLIC_URL');
  });

  it('is quiet with PUBLIC_URL, or without e-mail', () => {
    expect(configWarnings(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://tracker.example.com' }))).toEqual([]);
    expect(configWarnings(loadConfig({}))).toEqual([]);
  });
});
