import { configure } from '@testing-library/react';

// Role queries walk Fluent's whole accessibility tree in jsdom; on a busy machine one pass can take over a
// second, so async queries get more than the default 1 s before they give up. (Loaded after the test
// framework, so that the library also registers its cleanup after each test.)
configure({ asyncUtilTimeout: 5000 });
