import { browserProject } from '../kernel/vitest.browser-preset';

export default browserProject('ui');
