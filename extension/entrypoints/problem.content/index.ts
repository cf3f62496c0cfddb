import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchPatterns } from '@shared/platforms/index';
import { contentFeatures } from '../../features/index';

export default defineContentScript({
  matches: matchPatterns(),
  runAt: 'document_idle',
  main(ctx) {
    const controller = new AbortController();
    ctx.onInvalidated(() => controller.abort());
    for (const feature of contentFeatures) {
      try {
        feature.start({ window, signal: controller.signal });
      } catch (err) {
        console.warn(`[practice-tracker] ${feature.id} failed`, err);
      }
    }
  },
});
