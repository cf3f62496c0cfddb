import { z } from 'zod';

/** The order of a sheet's tree: topic names, subtopic names per topic, and mapping ids. */
export const sheetConfigSchema = z.object({
  topicOrder: z.array(z.string()),
  subTopicOrder: z.record(z.string(), z.array(z.string())),
  questionOrder: z.array(z.string()),
});
export type SheetConfig = z.infer<typeof sheetConfigSchema>;
