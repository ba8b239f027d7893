/** jest's globalSetup for the e2e project: one Chromium for the run (chromium.ts). */
export { startSharedChromium as default } from './chromium';
