import { parseProblemUrl } from '@shared/platforms/index';
import type { EditableSheet } from '@shared/schemas/message-replies';
import { apiClient, unwrap } from '../lib/api';
import { actionReply, queueFor, reached } from './queue';
import { defineArea, fail } from './types';

// The user's own sheets (authored or shared with them to edit), and adding a question to one.

export const sheetsArea = defineArea('sheets', {
  'sheets:list': async (m, { deps }) => {
    const c = await apiClient(deps.local, deps.fetch);
    const mine = await unwrap(c['question-tracker'].v2.sheet['my-sheets'].$get());
    const editable = [
      ...mine.custom.map((s) => ({ s, role: 'author' as const })),
      ...mine.shared.filter((s) => !mine.custom.some((o) => o._id === s._id)).map((s) => ({ s, role: 'collaborator' as const })),
    ];
    const sheets: EditableSheet[] = await Promise.all(
      editable.map(async ({ s, role }, i) => {
        let contains: boolean | null = null;
        // Which of the user's own sheets hold the question (the first few, to stay quick).
        if (m.questionId && i < 25) {
          const data = await unwrap(c['question-tracker'].v2.sheet['get-sheet-data'][':id'].$get({ param: { id: s._id } })).catch(() => null);
          contains = data ? data.mappings.some((mp) => mp.questionId._id === m.questionId) : null;
        }
        return { _id: s._id, name: s.name, slug: s.slug, role, contains };
      }),
    );
    return reached(deps, sheets);
  },
  'sheet:get': async (m, { deps }) => {
    const client = await apiClient(deps.local, deps.fetch);
    const data = await unwrap(client['question-tracker'].v2.sheet['get-sheet-data'][':id'].$get({ param: { id: m.sheetId } }));
    return reached(deps, {
      _id: data.sheet._id,
      name: data.sheet.name,
      topicOrder: data.sheet.config.topicOrder,
      subTopicOrder: data.sheet.config.subTopicOrder,
    });
  },
  'sheet:add': async (m, { deps }) => {
    const parsed = parseProblemUrl(m.problemUrl);
    if (!parsed) return fail('Invalid Platform', 400);
    return actionReply(
      await queueFor(deps).submit({
        kind: 'sheet:add',
        sheetId: m.sheetId,
        problemUrl: parsed.url,
        topic: m.topic,
        subTopic: m.topic ? m.subTopic : '',
        ...(m.title ? { title: m.title } : {}),
      }),
    );
  },
});
