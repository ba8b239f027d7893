/** jest's globalTeardown for the e2e project (chromium.ts). */
export { stopSharedChromium as default } from './chromium';
