import { authArea } from './auth';
import { contestsArea } from './contests';
import { groupsArea } from './groups';
import { healthArea } from './health';
import { notesArea } from './notes';
import { practiceArea } from './practice';
import { problemArea } from './problem';
import { queueArea } from './queue';
import { reviewArea } from './review';
import { settingsArea } from './settings';
import { sheetsArea } from './sheets';
import { solutionsArea } from './solutions';
import { syncArea } from './sync';
import type { Area, Handlers } from './types';
import { verdictsArea } from './verdicts';
import { workspaceArea } from './workspace';

/**
 * Every background area. Adding a message is one line in shared/schemas/messages.ts (its schema and
 * its reply) plus its handler in one area; areas.test.ts checks each type is handled exactly once.
 */
export const backgroundAreas = [authArea, problemArea, workspaceArea, verdictsArea, reviewArea, sheetsArea, notesArea, settingsArea, queueArea, syncArea, contestsArea, practiceArea, groupsArea, healthArea, solutionsArea] as const;

type Handled<A> = A extends Area<infer K> ? K : never;

/** The areas' handlers as one map; the compiler refuses it while a message type has no handler. */
export const messageHandlers: Handlers = Object.assign({}, ...backgroundAreas.map((a) => a.handlers)) as Pick<
  Handlers,
  Handled<(typeof backgroundAreas)[number]>
>;
