import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { SHEET_MESSAGES, subTopicsOf } from '@shared/rules/sheet';
import type { Mapping, SheetConfig } from '@shared/schemas/sheet';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useSession } from '../auth/api/session';
import { useLoginPopup } from '../auth/stores/login-popup';
import { serverMessage, sheetCalls, sheetKeys, useSheetMutation, type SheetData } from './api/sheet-queries';
import type { RowActions } from './components/question-row';
import type { TreeEdits } from './components/tree-parts';

const withConfig = (d: SheetData, config: SheetConfig): SheetData => ({ ...d, sheet: { ...d.sheet, config } });
type SheetMutationOptions<V> = Parameters<typeof useSheetMutation<V>>[2];
const prefixed = (prefix: string) => (err: unknown) => `${prefix}: ${err instanceof Error ? err.message : 'unknown error'}`;

/** Every action of the sheet page, each applied at once and rolled back with the spec's toast on failure. */
export function useSheetActions(slug: string, data: SheetData) {
  const { sheet } = data;
  const id = sheet._id;
  const { isLoggedIn, token } = useSession();
  const showLogin = useLoginPopup((s) => s.show);
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const [adding, setAdding] = useState<{ topic: string; subTopic: string } | null>(null);
  const [video, setVideo] = useState<Mapping | null>(null);
  const [confirm, setConfirm] = useState<{ title: string; message: string; run: () => void } | null>(null);

  const guardLogin = () => {
    if (isLoggedIn) return true;
    showLogin('login');
    return false;
  };
  const guardParticipant = () => {
    if (!guardLogin()) return false;
    if (!sheet.isAuthor && !sheet.isCollaborator && !sheet.isFollowing) {
      toast.error(SHEET_MESSAGES.followRequired);
      return false;
    }
    return true;
  };

  const follow = useSheetMutation<boolean>(slug, token, {
    call: (f) => (f ? sheetCalls.follow(id) : sheetCalls.unfollow(id)),
    apply: (d, f) => ({ ...d, sheet: { ...d.sheet, isFollowing: f, followers: d.sheet.followers + (f ? 1 : -1) } }),
    failure: () => (sheet.isFollowing ? 'Failed to unfollow sheet' : 'Failed to follow sheet'),
  });
  const mark = useSheetMutation<{ mapping: Mapping; checked?: boolean; starred?: boolean }>(slug, token, {
    call: (v) => sheetCalls.mark(id, v.mapping._id, { checked: v.checked, starred: v.starred }),
    apply: (d, v) => {
      const q = v.mapping.questionId._id;
      const toggle = (list: string[], on: boolean | undefined) => (on === undefined ? list : on ? [...new Set([...list, q])] : list.filter((x) => x !== q));
      const solved = toggle(d.progress.solved, v.checked);
      return { ...d, progress: { solved, starred: toggle(d.progress.starred, v.starred) }, sheet: { ...d.sheet, userSolved: solved.length } };
    },
    failure: 'Failed to add question to workspace',
  });
  const details = useSheetMutation<{ name?: string; description?: string }>(slug, token, {
    call: (v) => sheetCalls.updateDetails(id, v),
    apply: (d, v) => ({ ...d, sheet: { ...d.sheet, ...v } }),
    failure: serverMessage('Failed to save changes'),
    success: 'Changes saved successfully!',
  });
  const configEdit = (failure: string): SheetMutationOptions<SheetConfig> => ({
    call: (config, d) => sheetCalls.updateConfig(id, config, d.sheet.version),
    apply: withConfig,
    failure,
  });
  const topicOrder = useSheetMutation(slug, token, configEdit('Failed to update topic order'));
  const subTopicOrder = useSheetMutation(slug, token, configEdit('Failed to update subtopic order'));
  const move = useSheetMutation<{ mappingId: string; topic: string; subTopic: string; order: string[]; changedZone: boolean }>(slug, token, {
    call: (v, d) => sheetCalls.move(id, v.mappingId, { topic: v.topic, subTopic: v.subTopic, questionOrder: v.order, version: d.sheet.version }),
    apply: (d, v) => ({
      ...withConfig(d, { ...d.sheet.config, questionOrder: v.order }),
      mappings: d.mappings.map((x) => (x._id === v.mappingId ? { ...x, topic: v.topic, subTopic: v.subTopic } : x)),
    }),
    failure: (err) => (err instanceof ApiError && err.code === 403 ? SHEET_MESSAGES.reorderForbidden : 'Failed to update question location'),
  });
  const addTopic = useSheetMutation<string>(slug, token, {
    call: (t) => sheetCalls.addTopic(id, t),
    apply: (d, t) => withConfig(d, { ...d.sheet.config, topicOrder: [...d.sheet.config.topicOrder, t], subTopicOrder: { ...d.sheet.config.subTopicOrder, [t]: [] } }),
    failure: 'Error creating topic',
    success: 'Topic created successfully',
  });
  const renameTopic = useSheetMutation<{ from: string; to: string }>(slug, token, {
    call: (v) => sheetCalls.renameTopic(id, v.from, v.to),
    apply: (d, v) => {
      const c = d.sheet.config;
      const { [v.from]: subs = [], ...rest } = c.subTopicOrder;
      return {
        ...withConfig(d, { ...c, topicOrder: c.topicOrder.map((t) => (t === v.from ? v.to : t)), subTopicOrder: { ...rest, [v.to]: subs } }),
        mappings: d.mappings.map((x) => (x.topic === v.from ? { ...x, topic: v.to } : x)),
      };
    },
    failure: prefixed('Failed to update topic'),
    success: 'Topic name updated successfully',
  });
  const deleteTopic = useSheetMutation<string>(slug, token, { call: (t) => sheetCalls.deleteTopic(id, t), failure: 'Failed to delete topic', success: 'Topic deleted successfully' });
  const addSubTopic = useSheetMutation<{ topic: string; name: string }>(slug, token, {
    call: (v) => sheetCalls.addSubTopic(id, v.topic, v.name),
    apply: (d, v) => withConfig(d, { ...d.sheet.config, subTopicOrder: { ...d.sheet.config.subTopicOrder, [v.topic]: [...subTopicsOf(d.sheet.config.subTopicOrder, v.topic), v.name] } }),
    failure: serverMessage('Failed to add subtopic'),
    success: 'Subtopic added successfully',
  });
  const renameSubTopic = useSheetMutation<{ topic: string; from: string; to: string }>(slug, token, {
    call: (v) => sheetCalls.renameSubTopic(id, v.topic, v.from, v.to),
    apply: (d, v) => ({
      ...withConfig(d, {
        ...d.sheet.config,
        subTopicOrder: { ...d.sheet.config.subTopicOrder, [v.topic]: subTopicsOf(d.sheet.config.subTopicOrder, v.topic).map((s) => (s === v.from ? v.to : s)) },
      }),
      mappings: d.mappings.map((x) => (x.topic === v.topic && x.subTopic === v.from ? { ...x, subTopic: v.to } : x)),
    }),
    failure: prefixed('Failed to update subtopic'),
    success: 'Subtopic name updated successfully',
  });
  const deleteSubTopic = useSheetMutation<{ topic: string; name: string }>(slug, token, {
    call: (v) => sheetCalls.deleteSubTopic(id, v.topic, v.name),
    failure: 'Failed to delete subtopic',
    success: 'Subtopic deleted successfully',
  });
  const removeQuestion = useSheetMutation<string>(slug, token, {
    call: (mappingId) => sheetCalls.removeQuestion(id, mappingId),
    apply: (d, mappingId) => ({ ...withConfig(d, { ...d.sheet.config, questionOrder: d.sheet.config.questionOrder.filter((x) => x !== mappingId) }), mappings: d.mappings.filter((x) => x._id !== mappingId) }),
    failure: 'Failed to remove question',
    success: 'Question removed from sheet',
  });

  const canEdit = sheet.isAuthor || sheet.isCollaborator;
  const rowActions: RowActions = {
    canEdit,
    onCheck: (mapping, checked) => {
      if (!guardParticipant()) return;
      mark.mutate({ mapping, checked }, { onSuccess: () => checked && toast.success('Added to My Workspace') });
    },
    onStar: (mapping, starred) => {
      if (!guardParticipant()) return;
      // A ticked question is in the workspace already: starring it only stars it.
      const inWorkspace = data.progress.solved.includes(mapping.questionId._id);
      mark.mutate({ mapping, starred }, { onSuccess: () => starred && toast.success(inWorkspace ? 'Starred' : 'Added to workspace and starred') });
    },
    onNote: (mapping) => {
      if (!guardParticipant()) return;
      if (!mapping.questionId._id) return void toast.error('Cannot open notes for this question');
      navigate(`/question-tracker?tab=notes&questionId=${mapping.questionId._id}`);
    },
    onVideo: setVideo,
    onRemove: (mapping) => setConfirm({ title: 'Remove question', message: `Remove "${mapping.title}" from this sheet?`, run: () => removeQuestion.mutate(mapping._id) }),
  };

  const edits: TreeEdits = {
    reorderTopics: (order) => topicOrder.mutate({ ...sheet.config, topicOrder: order }),
    reorderSubTopics: (topic, names) => subTopicOrder.mutate({ ...sheet.config, subTopicOrder: { ...sheet.config.subTopicOrder, [topic]: names } }),
    moveQuestion: (mappingId, place, order, changedZone) => move.mutate({ mappingId, ...place, order, changedZone }),
    addTopic: (name) => addTopic.mutate(name),
    renameTopic: (from, to) => from !== to && renameTopic.mutate({ from, to }),
    deleteTopic: (name) => setConfirm({ title: 'Delete topic', message: `Delete "${name}" with its subtopics and questions?`, run: () => deleteTopic.mutate(name) }),
    addSubTopic: (topic, name) => addSubTopic.mutate({ topic, name }),
    renameSubTopic: (topic, from, to) => from !== to && renameSubTopic.mutate({ topic, from, to }),
    deleteSubTopic: (topic, name) => setConfirm({ title: 'Delete subtopic', message: `Delete "${name}" and its questions?`, run: () => deleteSubTopic.mutate({ topic, name }) }),
    openAddQuestion: setAdding,
  };

  const addQuestion = async (input: { topic: string; subTopic: string; title: string; problemUrl: string }) => {
    await sheetCalls.addQuestions(id, [{ ...input, title: input.title || undefined }]);
    await qc.invalidateQueries({ queryKey: sheetKeys.all });
  };

  return { isLoggedIn, guardLogin, follow, details, rowActions, edits, adding, setAdding, addQuestion, video, setVideo, confirm, setConfirm };
}
