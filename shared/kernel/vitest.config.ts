import { browserProject } from './vitest.browser-preset';

export default browserProject('shared');
