import { browserProject } from '../shared/kernel/vitest.browser-preset';

export default browserProject('host');
