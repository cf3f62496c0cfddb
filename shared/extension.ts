/**
 * The extension's public key (the manifest's `key`, Chrome only): it fixes the extension's id for every
 * unpacked build, so the dashboard knows which extension to ask for a sync (externally_connectable) without
 * being told. A store build gets the store's id instead: give it to the dashboard's build as
 * VITE_EXTENSION_ID. Only the public half exists; Chrome needs nothing else for an unpacked extension.
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA1DrH5vRLhyqGLnbv7MaBpZ5xKE4CztHVfnx8gFUQTO2UKeV9LFWguJLTbmXgN5Bk1tB9SkeVMlTzVYRDefsjTU7MWMXJlozc1Bl+TGDb4KhhIkEP8BUoksD7FWoRfDg0wSI/jZJV+k9I+7HmxTvgEFPwakQFQUa+tnSH5ODUxpfaqRjTWia6d2rEt3VqDFU8AeAuDBd/dJSrcmms4tPjqHSzsaO+ODV1/54h5aj2svrBSi+cujf0LWSke2MYiAT7H8Q+JFq3nP3WPuN02/xeqSYdjoz9SmYP4KyZlFb66pV/H0xX4y235bYLHVnptBMn5vTPbzFYLYOnZgh/BWHPRwIDAQAB';

/** The id Chrome gives an extension with that key (the SHA-256 of the key, first 32 hex digits as a–p). */
export const EXTENSION_ID = 'onbjdlkjkjjeccgokdaiegcmbalfmehb';

/** The dashboard's "Get the extension" page. */
export const EXTENSION_PAGE_PATH = '/question-tracker/extension';

/**
 * The packages the server offers, one per browser: the build's zips (wxt.config.ts names them), served
 * under /downloads by api/routes/downloads.ts.
 */
export const EXTENSION_PACKAGES = {
  chrome: { browser: 'Chrome', file: 'extension-chrome.zip', href: '/downloads/extension-chrome.zip' },
  firefox: { browser: 'Firefox', file: 'extension-firefox.zip', href: '/downloads/extension-firefox.zip' },
} as const;

export type ExtensionBrowser = keyof typeof EXTENSION_PACKAGES;
