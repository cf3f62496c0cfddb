import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { installVerdictTap } from '../verdicts/leetcode';

/** The LeetCode page-world tap as a file the isolated content script loads into the page (Firefox). */
export default defineUnlistedScript({
  include: ['firefox'],
  main() {
    installVerdictTap(window);
  },
});
