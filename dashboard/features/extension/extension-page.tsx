import { useQuery } from '@tanstack/react-query';
import { Download, Puzzle } from 'lucide-react';
import type { ReactNode } from 'react';
import { EXTENSION_PACKAGES, type ExtensionBrowser } from '@shared/extension';
import { Skeleton } from '../../components/feedback';
import { ChromeDeveloperArt, ChromeLoadArt, DownloadArt, FirefoxDebuggingArt, FirefoxLoadArt } from './illustrations';
import './extension.css';

/** Whether the server has the package (it answers 404 until the extension is built); asked without downloading it. */
function usePackage(browser: ExtensionBrowser) {
  return useQuery({
    queryKey: ['extension-package', browser],
    queryFn: async () => (await fetch(EXTENSION_PACKAGES[browser].href, { method: 'HEAD' })).ok,
    staleTime: 60_000,
  });
}

function DownloadButton({ browser }: { browser: ExtensionBrowser }) {
  const { href, file, browser: name } = EXTENSION_PACKAGES[browser];
  const there = usePackage(browser);
  if (there.isPending) return <Skeleton height={36} width={200} />;
  if (!there.data) {
    return (
      <p className="ext-missing" role="status">
        The {name} package is not on this server yet. Ask its administrator to start it with the extension built.
      </p>
    );
  }
  return (
    <a className="btn btn-primary" href={href} download={file}>
      <Download size={16} aria-hidden /> Download for {name}
    </a>
  );
}

interface Step {
  title: string;
  art: ReactNode;
  body: ReactNode;
}

function Steps({ id, title, note, steps }: { id: string; title: string; note: ReactNode; steps: Step[] }) {
  return (
    <section className="section ext-browser" aria-labelledby={`${id}-h`} data-testid={`ext-${id}`}>
      <h2 id={`${id}-h`}>{title}</h2>
      <ol className="ext-steps">
        {steps.map((step, i) => (
          <li key={step.title} className="card card-pad">
            {step.art}
            <h3>
              <span className="ext-step-number" aria-hidden>
                {i + 1}
              </span>
              {step.title}
            </h3>
            <div className="muted">{step.body}</div>
          </li>
        ))}
      </ol>
      <p className="faint ext-note">{note}</p>
    </section>
  );
}

/** /question-tracker/extension: the extension's packages, and how to add each to its browser. */
export default function ExtensionPage() {
  return (
    <div className="ext-page">
      <header className="ext-hero">
        <span className="ext-hero-icon" aria-hidden>
          <Puzzle size={22} />
        </span>
        <h1>Get the extension</h1>
        <p>
          The Practice Tracker extension works on the problem page itself: it sees the problem you are solving, adds it to your workspace or a sheet, keeps your
          notes beside it and syncs the problems you already solved on the judges.
        </p>
      </header>
      <Steps
        id="chrome"
        title="Chrome, Edge or Brave"
        note="The browser loads the extension from the folder you unzipped: keep it where it is."
        steps={[
          { title: 'Download the package', art: <DownloadArt />, body: <><p>Unzip it into a folder you keep.</p><DownloadButton browser="chrome" /></> },
          {
            title: 'Turn on Developer mode',
            art: <ChromeDeveloperArt />,
            body: (
              <p>
                Open <code>chrome://extensions</code> (<code>edge://extensions</code> in Edge) and switch on Developer mode.
              </p>
            ),
          },
          {
            title: 'Load the folder',
            art: <ChromeLoadArt />,
            body: <p>Choose Load unpacked and pick the folder you unzipped. Then sign in from the extension&apos;s icon with this account.</p>,
          },
        ]}
      />
      <Steps
        id="firefox"
        title="Firefox"
        note="Firefox does not let web pages talk to extensions: sync your solved problems from the extension's popup."
        steps={[
          { title: 'Download the package', art: <DownloadArt />, body: <><p>Keep the zip as it is.</p><DownloadButton browser="firefox" /></> },
          {
            title: 'Open the debugging page',
            art: <FirefoxDebuggingArt />,
            body: (
              <p>
                Type <code>about:debugging#/runtime/this-firefox</code> in the address bar.
              </p>
            ),
          },
          {
            title: 'Load the package',
            art: <FirefoxLoadArt />,
            body: <p>Choose Load Temporary Add-on… and pick the zip. Firefox keeps it until it restarts. Then sign in from the extension&apos;s icon.</p>,
          },
        ]}
      />
    </div>
  );
}
