import { breadcrumb, emptyDetails, labelledValue, leaf, LEVELS, pageTitle, text, texts, type DomReader, type PageReader } from './types';

export const readInterviewbit: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. og:title or the page title, "Colorful Number | InterviewBit".
  details.name = pageTitle(doc, /^(.+?)\s*[|-]\s*InterviewBit\s*$/i);
  // 2. The problem heading.
  details.name ??= text(doc.querySelector('main h1') ?? doc.querySelector('h1'));
  // "Difficulty: Medium", else the level element public tools read today (.p-difficulty-level).
  details.difficulty = labelledValue(doc, 'Difficulty', LEVELS) ?? leaf(doc, '.p-difficulty-level', LEVELS);
  // The breadcrumb reads Programming > Hashing > Colorful Number: the topic is the crumb before the problem.
  const crumbs = breadcrumb(doc);
  // Today's breadcrumb links the sections only (.ib-breadcrumb__item--link): Programming > Hashing.
  const links = texts(doc.querySelectorAll('.ib-breadcrumb__item--link')).filter((t) => !/^(Programming|Problems)$/i.test(t));
  const topic = crumbs.length >= 3 ? crumbs[crumbs.length - 2] : links[links.length - 1];
  if (topic) details.topics = [topic];
  return details;
};

/** The problem description: shown, it makes the page a problem page whatever its title says. */
export const interviewbitReader: PageReader = { read: readInterviewbit, statement: '.p-statement,#problem-content,.markdown-content' };
